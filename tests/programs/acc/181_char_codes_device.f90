! ichar, iachar, char and achar inside compute constructs: of scalars (elements of
! character arrays, characters made by achar) in a parallel loop, and elementally of whole
! arrays and sections in kernels regions (array assignments of character arrays there).
program acc_char_codes
  implicit none
  integer :: codes(8), out(8), twice(8), i
  character :: cs(8), made(8)
  character(len=3) :: words(4)
  do i = 1, 8
    codes(i) = 96 + i
    cs(i) = achar(100 + i)
  end do
  words = ['abc', 'xyz', 'k  ', 'qrs']
  !$acc parallel loop copyin(codes, cs) copyout(out)
  do i = 1, 8
    out(i) = iachar(cs(i)) - ichar(achar(codes(i))) + ichar(char(codes(9 - i)))
  end do
  print *, out
  !$acc kernels copyin(codes, cs, words) copyout(out, twice, made)
  out = iachar(cs) + ichar(cs)
  twice(1:4) = iachar(cs(2:8:2)) * 2
  twice(5:8) = ichar(achar(codes(1:8:2)))
  made = achar(codes + 2)
  made(1:2) = char(codes(7:8))
  !$acc end kernels
  print *, out
  print *, twice
  print *, made
  !$acc parallel copy(cs) copyin(words)
  !$acc loop
  do i = 1, 8
    cs(i) = achar(iachar(words(mod(i, 4) + 1)(2:2)) + i)
  end do
  !$acc end parallel
  print *, cs
end program
