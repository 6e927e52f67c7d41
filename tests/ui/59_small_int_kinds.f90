program small_int_kinds
  implicit none
  integer(kind=selected_int_kind(2)) :: a
  integer(2) :: s
  integer(3) :: bad
  a = 300_1
  s = 40000_2
  a = 5_3
  print *, a, s, int(a, kind=3)
end program
