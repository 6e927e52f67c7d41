! real(16) literals (`_16`, `q` exponents, named kinds) work; real(10) ones do not yet.
program p
  implicit none
  integer, parameter :: qp = 16, ep = 10
  print *, 1.0_16, 2.5q0, 3.0_qp, 1q-3
  print *, 1.0_10, 2.0_ep
end program
