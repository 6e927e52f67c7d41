! Elemental ichar and iachar of character arrays: whole arrays, sections, constructors,
! rank 2, inside other intrinsics.
program f
  implicit none
  character(len=1) :: cs(5)
  character(len=1) :: w(2, 2)
  character(len=5) :: s
  integer :: codes(5), i, m(2, 2)
  cs = ['h', 'e', 'l', 'l', 'o']
  codes = ichar(cs)
  print *, codes, iachar(cs) - 32
  print *, ichar(cs(2:4)), sum(iachar(cs(::2)))
  s = 'world'
  print *, iachar([(s(i:i), i = 1, 5)])
  w(1, 1) = 'a'
  w(2, 1) = 'Z'
  w(1, 2) = '0'
  w(2, 2) = '~'
  m = ichar(w)
  print *, m, maxval(iachar(w))
  print *, size(ichar(cs)), ichar(c=cs(5:1:-1))
end program
