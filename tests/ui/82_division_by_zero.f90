program p
  integer, parameter :: z = 1/0
  integer, parameter :: k = 0
  integer :: i
  i = 3
  print *, 7/k, 7/(1-1), mod(7, 0), modulo(i, 0)
  print *, modulo(3, k), i/0, 1.0/0.0, mod(7, 1)
end program
