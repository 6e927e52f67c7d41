! Common-block and equivalenced arrays in OpenACC compute constructs: data clauses on
! common members, a reduction over one, and the results seen through another unit's view
! of the block and through the equivalenced name.
program common_in_kernels
  implicit none
  integer :: i, n
  real(8) :: a(64), b(64), s
  integer :: iw(64), jw(64)
  common /arrs/ a, b, n
  equivalence (iw, jw)
  n = 64
  do i = 1, n
    a(i) = i
  end do
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a) copyout(b)
  do i = 1, n
    b(i) = 2 * a(i)
    s = s + a(i)
  end do
  !$acc parallel loop copyout(iw)
  do i = 1, n
    iw(i) = i * i
  end do
  call show
  print *, s, jw(1), jw(n), sum(jw)
end program
subroutine show
  real(8) :: x(64), y(64)
  integer :: m
  common /arrs/ x, y, m
  print *, y(1), y(m), m, sum(y)
end subroutine
