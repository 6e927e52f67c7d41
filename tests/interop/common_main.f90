! A main program sharing common blocks with procedures and a `block data` compiled by the
! other compiler (see `gfortran_interop_common` in tests/tests/suite.rs).
program common_main
  implicit none
  integer :: i, counts(3)
  real(8) :: d
  character(6) :: label
  real :: grid(2, 2), g
  integer :: n1, n2
  common /shared/ i, d, label, counts
  common grid
  print *, i, d, label, counts
  print *, grid
  call fill(4)
  print *, i, d, label, counts
  i = -i
  grid(2, 1) = 0.5
  call report(n1, n2, g)
  print *, n1, n2, g
end program
