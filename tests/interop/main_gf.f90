! Interop test data: gfortran-built main calling gpuf-built procedures
program main_gf
  implicit none
  real(8) :: x(5)
  integer :: k(4), isum
  x = [1d0, 2d0, 3d0, 4d0, 5d0]
  k = [1, 2, 3, 4]
  call scale_acc(5, 3.0d0, x)
  print *, x
  print *, isum(4, k)
end program main_gf
