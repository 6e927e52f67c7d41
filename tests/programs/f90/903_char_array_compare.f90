! Character arrays compared element by element with a scalar (both orders) or with another
! array: every relational operator, operands of different lengths (blank padding), whole
! arrays, sections, constructors, achar of an integer array, in count/any/all/where/merge.
program char_array_compare
  implicit none
  character(len=3) :: names(5) = ['abc', 'x  ', 'lmn', 'x  ', 'ab ']
  character(len=5) :: other(5) = ['abc  ', 'y    ', 'lmn  ', 'x    ', 'abd  ']
  character :: c(6) = ['h', 'e', 'l', ' ', 'l', 'o']
  character(len=2) :: grid(2, 3)
  integer :: codes(5) = [104, 101, 108, 108, 111]
  integer :: v(5), i
  logical :: m(5)
  print *, count(achar(codes) == 'l'), count('l' /= achar(codes))
  print *, names == 'x'
  print *, 'x' == names
  print *, any(c(:) /= ' '), all(c /= ' '), count(c(2:6:2) == 'l')
  print *, names < 'lz', names >= 'abc'
  print *, 'b' > names, names <= 'ab'
  print *, names .eq. 'x  ', 'ab' .ne. names, names .lt. 'abcd'
  ! array against array, different lengths
  print *, names == other
  print *, names < other, other >= names
  print *, names(2:4) /= other(1:3), count(names(5:1:-1) == other)
  print *, ['ab ', 'cd ', 'ef '] == ['ab', 'xx', 'ef']
  ! in where and merge
  v = 0
  where (names == 'x') v = 1
  where (names /= 'x' .and. names > 'b') v = 2
  print *, v
  m = names >= other
  print *, m, merge(1, 0, names == 'abc')
  ! rank 2
  grid(:, 1) = ['a ', 'bb']
  grid(:, 2) = ['a ', 'c ']
  grid(:, 3) = ['bb', 'a ']
  print *, count(grid == 'a'), grid /= 'bb'
  print *, any(grid == 'c', dim=1), count(grid < 'b', dim=2)
  do i = 1, 5
    if ((names(i) == 'x') .neqv. any(names(i:i) == 'x')) print *, 'mismatch', i
  end do
end program
