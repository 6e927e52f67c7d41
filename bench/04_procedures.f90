! Benchmark: many calls of small external procedures with array arguments.
program procedures
  implicit none
  integer, parameter :: n = 1000, reps = 600000
  real(8) :: x(n), y(n), dotp
  integer :: r, i
  do i = 1, n
    x(i) = real(i, 8) * 1.0d-3
    y(i) = 1.0d0
  end do
  dotp = 0.0d0
  do r = 1, reps
    call axpy(n, 1.0d-6, x, y)
    dotp = dotp + dot(n, x, y)
  end do
  print '(ES20.12)', dotp
contains
  subroutine axpy(m, a, u, v)
    integer, intent(in) :: m
    real(8), intent(in) :: a, u(m)
    real(8), intent(inout) :: v(m)
    integer :: k
    do k = 1, m
      v(k) = v(k) + a * u(k)
    end do
  end subroutine axpy
  real(8) function dot(m, u, v)
    integer, intent(in) :: m
    real(8), intent(in) :: u(m), v(m)
    integer :: k
    dot = 0.0d0
    do k = 1, m
      dot = dot + u(k) * v(k)
    end do
  end function dot
end program procedures
