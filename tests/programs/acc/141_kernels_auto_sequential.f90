! kernels loops without `independent` whose iterations depend on each other: the
! dependence test keeps them sequential, so each reads the value the iteration before it
! wrote (run in parallel on gangs and lanes, the results would differ).
program kernels_auto_sequential
  implicit none
  integer, parameter :: n = 500
  integer :: a(n), b(n), c(0:n), s, last
  integer :: i
  interface
    subroutine bump(x, i)
      !$acc routine seq
      integer :: x(*)
      integer, value :: i
    end subroutine
  end interface
  a = 1
  b = 0
  c = 0
  s = 0
  last = 0
  !$acc kernels copy(a, b, c, s, last)
  ! a flow dependence through an array
  !$acc loop
  do i = 2, n
    a(i) = a(i - 1) + 1
  end do
  ! a scalar carried from one iteration to the next
  !$acc loop auto
  do i = 1, n
    b(i) = last + a(i)
    last = b(i)
  end do
  ! a reduction into a scalar without a `reduction` clause
  !$acc loop
  do i = 1, n
    s = s + a(i)
  end do
  ! a call that reads the previous element
  !$acc loop
  do i = 1, n
    call bump(c, i)
  end do
  !$acc end kernels
  print *, a(1), a(n), sum(a)
  print *, b(n), last, mod(sum(b), 100000)
  print *, s
  print *, c(n), sum(c)
end program

subroutine bump(x, i)
  !$acc routine seq
  integer :: x(*)
  integer, value :: i
  x(i + 1) = x(i) + 2
end subroutine
