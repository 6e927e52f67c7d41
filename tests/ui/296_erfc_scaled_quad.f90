program p
  real(16) :: q
  q = 2.0_16
  print *, erfc_scaled(q)
end program
