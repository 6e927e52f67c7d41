! Component references across arrays of structures (`ps%m`, `ps(2:4)%x`, `ps%v(2)`) in
! expressions, intrinsics and assignments, with whole-array and scalar right-hand sides.
program dt_soa_sections
  implicit none
  type :: particle
    real(8) :: m
    real(8) :: x
    integer :: v(3)
    logical :: on
  end type particle
  type(particle) :: ps(6)
  real(8) :: xs(6)
  integer :: i
  ps%m = 2.0d0
  ps%x = [(0.5d0 * i, i = 1, 6)]
  do i = 1, 6
    ps(i)%v = [i, 2 * i, -i]
  end do
  ps%on = ps%x > 1.2d0
  print *, ps%m
  print *, ps%x
  print *, ps%on
  print *, sum(ps%m * ps%x), maxval(ps%v(2)), minval(ps%v(3)), count(ps%on)
  ps(2:4)%m = ps(2:4)%m + ps(3:5)%x
  print *, ps%m
  ps(6:1:-2)%x = -1.0d0
  print *, ps%x
  xs = ps%m - ps%x
  print *, xs
  ps%v(1) = ps%v(2) + ps%v(3)
  print *, (ps(i)%v(1), i = 1, 6)
  where (ps%x < 0.0d0) ps%m = 0.0d0
  print *, ps%m, sum(ps%v(2)) / size(ps)
  print *, any(ps%on .and. ps%x < 0.0d0), all(ps%m >= 0.0d0)
end program dt_soa_sections
