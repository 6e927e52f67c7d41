! A kernels construct split into kernels: the if and the sequential do around loops run
! on the host, and the report names them for each kernel launched inside.
subroutine sweeps(n, dir, a, b)
  implicit none
  integer :: n, dir, it, j
  real :: a(n), b(n)
  !$acc kernels copy(a, b)
  do it = 1, 3
    !$acc loop independent
    do j = 1, n
      b(j) = a(n + 1 - j) + it
    end do
    if (dir == 1) then
      !$acc loop independent
      do j = 1, n
        a(j) = b(n + 1 - j)
      end do
    end if
  end do
  !$acc end kernels
end subroutine
