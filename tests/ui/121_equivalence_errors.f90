program p
  integer :: a(4), c, d
  equivalence (c, a(n))
  equivalence (d(2), c)
end program
