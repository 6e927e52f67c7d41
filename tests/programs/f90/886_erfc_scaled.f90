! erfc_scaled of real(8) and real(4) over negative, zero, small and large arguments,
! scalars and arrays (printed rounded: the last bits are the library's own).
program erfc_scaled_test
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp) :: xs(17), ys(17)
  real :: xs4(12), ys4(12)
  integer :: i
  xs = [-26.0_dp, -5.5_dp, -1.0_dp, -0.25_dp, 0.0_dp, 1.0e-8_dp, 0.3_dp, 1.0_dp, 2.5_dp, &
        5.0_dp, 9.75_dp, 11.99_dp, 12.0_dp, 20.0_dp, 30.0_dp, 1.0e3_dp, 1.0e10_dp]
  do i = 1, size(xs)
    write (*, '(es12.4, es22.12)') xs(i), erfc_scaled(xs(i))
  end do
  ys = erfc_scaled(xs)
  write (*, '(3es22.12)') ys
  write (*, '(es22.12)') sum(erfc_scaled(xs(5:)) * xs(5:))
  xs4 = [-9.0, -2.0, -0.5, 0.0, 0.125, 1.0, 3.0, 7.5, 12.5, 25.0, 1.0e3, 1.0e10]
  ys4 = erfc_scaled(xs4)
  do i = 1, size(xs4)
    write (*, '(es12.4, es15.5)') xs4(i), ys4(i)
  end do
  ! Overflow for very negative arguments.
  write (*, *) erfc_scaled(xs(1) * 1.2_dp) > huge(1.0_dp), erfc_scaled(xs4(1) * 1.2) > huge(1.0)
end program
