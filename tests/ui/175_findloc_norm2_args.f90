! Wrong arguments of findloc and norm2.
program p
  implicit none
  integer :: a(4), k(1)
  character(len=2) :: s(3)
  a = 1
  s = 'ab'
  k = findloc(a)
  k = findloc(a, .true.)
  k = findloc(s, 'ab')
  k = findloc(a, 1, kind=8)
  k = findloc(a, 1, back=1)
  print *, norm2(a)
end program
