! Module pointer variables (scalar and array) set and used by module procedures.
module ptrs
  implicit none
  integer, target :: pool(8) = [1, 2, 3, 4, 5, 6, 7, 8]
  integer, pointer :: cur => null()
  integer, pointer :: win(:) => null()
contains
  subroutine pick(i)
    integer, intent(in) :: i
    cur => pool(i)
  end subroutine
  subroutine window(lo, hi)
    integer, intent(in) :: lo, hi
    win => pool(lo:hi)
  end subroutine
  subroutine bump()
    if (associated(cur)) cur = cur + 100
    if (associated(win)) win = win * 2
  end subroutine
end module

program module_pointers
  use ptrs
  implicit none
  print *, associated(cur), associated(win)
  call pick(3)
  print *, associated(cur), cur
  call window(5, 7)
  print *, size(win), win
  call bump()
  print *, pool
  cur => win(2)
  cur = -1
  call bump()
  print *, pool, associated(cur, pool(6))
  nullify(cur)
  win => null()
  call bump()
  print *, pool, associated(cur), associated(win)
end program
