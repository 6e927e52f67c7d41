program p
  implicit none
  integer, parameter :: qp = 16
  print *, 1.0_16, 2.5q0, 3.0_qp, 1q-3
end program
