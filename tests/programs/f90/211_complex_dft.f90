! A discrete Fourier transform and its inverse on complex(8) arrays, with a subroutine
! taking complex array dummies, and Parseval's identity checked with sum and dot_product.
module dft_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.14159265358979323846_dp
contains
  subroutine dft(x, y, n, sgn)
    integer, intent(in) :: n, sgn
    complex(dp), intent(in) :: x(n)
    complex(dp), intent(out) :: y(n)
    complex(dp) :: w, acc
    integer :: j, k
    do k = 0, n - 1
      acc = (0.0_dp, 0.0_dp)
      do j = 0, n - 1
        w = exp(cmplx(0.0_dp, sgn * 2.0_dp * pi * j * k / n, kind=dp))
        acc = acc + x(j + 1) * w
      end do
      y(k + 1) = acc
    end do
  end subroutine
end module

program complex_dft
  use dft_mod
  implicit none
  integer, parameter :: n = 8
  complex(dp) :: x(n), y(n), z(n)
  real(dp) :: e1, e2
  integer :: i

  do i = 1, n
    x(i) = cmplx(real(i, dp), real(mod(i, 3), dp) - 1.0_dp, kind=dp)
  end do
  call dft(x, y, n, -1)
  print '(2f12.5)', y
  call dft(y, z, n, 1)
  z = z / n
  print '(2f10.5)', z
  print *, maxval(abs(z - x)) < 1.0d-12
  e1 = sum(abs(x)**2)
  e2 = real(dot_product(y, y), dp) / n
  print '(2f14.6)', e1, e2
  print *, abs(e1 - e2) < 1.0d-9
  print '(2f12.5)', sum(y) / n, x(1)
end program
