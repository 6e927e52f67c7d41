! Elemental char and achar of integer arrays: assignment to character arrays, output,
! sections, keywords, rank 2.
program h
  implicit none
  character(len=1) :: cs(5), m(2, 2)
  integer :: codes(5), i, k(2, 2)
  character(len=5) :: s
  codes = [104, 101, 108, 108, 111]
  cs = char(codes - 32)
  print *, cs
  cs = achar([72, 73, 74, 75, 76])
  print *, cs, ' ', achar(codes(2:4))
  print '(5a)', char(i=codes)
  k = reshape([65, 66, 67, 68], [2, 2])
  m = achar(k + 1)
  print *, m
  s = ''
  do i = 1, 5
    s(i:i) = cs(6 - i)
  end do
  print *, s
end program
