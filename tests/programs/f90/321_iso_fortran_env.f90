! The intrinsic modules' named constants: kinds from iso_fortran_env (also renamed, and
! re-exported through a module), standard units, iostat_end from a read past the end of a
! file, and the C-interoperable kinds of iso_c_binding.
module precision_kinds
  use, intrinsic :: iso_fortran_env, only: dp => real64, sp => real32, i8 => int64
  implicit none
  real(dp), parameter :: third = 1.0_dp / 3.0_dp
end module precision_kinds

program iso_env
  use precision_kinds
  use iso_fortran_env, only: output_unit, int32, int16, iostat_end, int8
  use iso_c_binding, only: c_int, c_double, c_long
  implicit none
  real(dp) :: x
  real(sp) :: y
  integer(i8) :: big
  integer(int16) :: small
  integer(c_int) :: ci
  real(c_double) :: cd
  integer(c_long) :: cl
  integer :: u, ios, v
  x = third
  y = real(third, sp)
  big = huge(0_i8)
  small = -300_int16
  ci = 7
  cd = 2.5_c_double
  cl = 2_c_long ** 40
  write(output_unit, '(F18.15,1X,F10.7)') x, y
  write(output_unit, *) big, small, kind(small), kind(x), kind(y)
  write(output_unit, *) ci, cd, cl, c_int, c_double, int32, int8
  open(newunit=u, file='iso_env.txt', status='replace')
  write(u, *) 42
  close(u)
  open(newunit=u, file='iso_env.txt', status='old')
  read(u, *, iostat=ios) v
  print *, 'first', v, ios
  read(u, *, iostat=ios) v
  print *, 'at end', ios == iostat_end
  close(u, status='delete')
end program iso_env
