subroutine s(n)
  integer :: n
  data n /3/
  print *, n
end subroutine s
