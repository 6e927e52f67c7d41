! erfc_scaled of real(16) arguments (at run time: gfortran folds constant arguments with
! MPFR, so the arguments here are variables): negative, small, around the switch to the
! asymptotic series at 12, large, an array, and a real(8) one beside them.
program erfc_scaled_quad
  implicit none
  real(16) :: x, xs(6), big
  real(8) :: d
  integer :: i
  do i = -12, 40
    x = i * 0.375_16
    print *, x, erfc_scaled(x)
  end do
  xs = [11.5_16, 11.999_16, 12.0_16, 12.001_16, 150.25_16, 1.0e10_16]
  print *, erfc_scaled(xs)
  big = 1.0e300_16
  big = big * big
  print *, erfc_scaled(big), erfc_scaled(-big / 1.0e4000_16)
  x = -3.5_16
  d = 2.25d0
  print *, erfc_scaled(x), erfc_scaled(d)
  print '(f45.40)', erfc_scaled(xs(3) / 4)
end program
