! A main program sharing common blocks with procedures and a `block data` compiled by the
! other compiler (see `gfortran_interop_common` in tests/tests/suite.rs), and a module's
! common block that a procedure of the other compiler declares itself.
module common_mod
  implicit none
  integer(2) :: tiny_n
  real(8) :: weights(3)
  character(3) :: code
  common /modblk/ tiny_n, weights, code
end module

program common_main
  use common_mod
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
  tiny_n = 3
  weights = [0.5d0, 1.5d0, 2.5d0]
  code = 'abc'
  call mod_fill(10)
  print *, tiny_n, weights, code
end program
