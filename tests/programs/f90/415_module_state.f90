! Modules with state: a stack module with save'd data, an accumulator module with counters
! and parameters, use with only: lists and renames (=>), two modules using each other's
! entities, module procedures calling each other, and state surviving across calls.
module stack_mod
  implicit none
  integer, parameter :: cap = 16
  integer :: top = 0
  integer :: items(cap)
contains
  subroutine push(v)
    integer, intent(in) :: v
    if (top == cap) then
      print *, 'stack full'
      return
    end if
    top = top + 1
    items(top) = v
  end subroutine push
  integer function pop()
    pop = items(top)
    top = top - 1
  end function pop
  logical function empty()
    empty = top == 0
  end function empty
end module stack_mod

module stats_mod
  use stack_mod, only: depth => top, push
  implicit none
  integer :: ncalls = 0
  real(8) :: total = 0, maxdepth = 0
contains
  subroutine record(x)
    real(8), intent(in) :: x
    ncalls = ncalls + 1
    total = total + x
    call push(int(x))
    maxdepth = max(maxdepth, real(depth, 8))
  end subroutine record
  real(8) function mean()
    mean = total / max(ncalls, 1)
  end function mean
end module stats_mod

program module_state
  use stack_mod, only: pop, empty, stacktop => top, cap
  use stats_mod
  implicit none
  integer :: i, s
  do i = 1, 10
    call record(real(i * i, 8) / 2)
  end do
  print '(A,I3,A,I3)', 'calls:', ncalls, ' stack depth:', stacktop
  print '(A,F8.3)', 'mean:', mean()
  print '(A,F5.1)', 'max depth:', maxdepth
  s = 0
  do while (.not. empty())
    s = s + pop()
  end do
  print '(A,I5,A,I3)', 'popped sum:', s, ' depth now:', stacktop
  call record(2.0d0)
  print '(A,I3,A,I3)', 'after one more:', stacktop, ' of', cap
  call fill()
  print '(A,I3)', 'after fill:', stacktop
  print '(A,F10.3)', 'total:', total
contains
  subroutine fill()
    use stack_mod, only: push
    integer :: k
    do k = 1, 20
      call push(k)
    end do
  end subroutine fill
end program module_state
