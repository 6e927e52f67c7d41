! Scalar pointer function results and array pointer dummy arguments (gfortran passes the
! address of the pointer's descriptor): the callee reads, re-associates and allocates it.
module ptr_procs
  implicit none
  integer, target :: pool(12)
contains
  function pick(k) result(p)
    integer, intent(in) :: k
    integer, pointer :: p
    p => pool(k)
  end function
  function biggest(v) result(p)
    integer, pointer :: v(:)
    integer, pointer :: p
    integer :: i
    p => v(lbound(v, 1))
    do i = lbound(v, 1), ubound(v, 1)
      if (v(i) > p) p => v(i)
    end do
  end function
  subroutine show(v)
    integer, pointer :: v(:)
    if (associated(v)) then
      print *, 'assoc', lbound(v), ubound(v), v
    else
      print *, 'not associated'
    end if
  end subroutine
  subroutine point_odd(v)
    integer, pointer :: v(:)
    v => pool(1:12:2)
  end subroutine
  subroutine make(v, n)
    integer, pointer :: v(:)
    integer, intent(in) :: n
    integer :: i
    allocate(v(0:n-1))
    v = [(10 * i, i = 0, n - 1)]
  end subroutine
  subroutine bump(m)
    integer, pointer :: m(:,:)
    m = m + 1
    call show2(m)
  end subroutine
  subroutine show2(m)
    integer, pointer :: m(:,:)
    print *, shape(m), lbound(m), m
  end subroutine
end module

program main
  use ptr_procs
  implicit none
  integer, pointer :: q(:), r, m(:,:)
  integer, target :: grid(4, 5)
  integer :: i
  pool = [(i * 3 - 20, i = 1, 12)]
  pool(7) = 99
  r => pick(4)
  print *, r
  r = 1000
  print *, pool(4), pick(5) + 1
  pick(6) = -6
  print *, pool(6)
  nullify(q)
  call show(q)
  call point_odd(q)
  call show(q)
  print *, biggest(q)
  q(1:) => pool(2:12:3)
  call show(q)
  r => biggest(q)
  r = 0
  print *, pool
  call make(q, 4)
  call show(q)
  deallocate(q)
  grid = reshape([(i, i = 1, 20)], [4, 5])
  m => grid(2:3, 1:5:2)
  call bump(m)
  print *, grid
end program
