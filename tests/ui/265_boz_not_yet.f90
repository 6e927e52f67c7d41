! BOZ literal constants (in data statements, int(), the bit intrinsics) are a located
! not-yet error, not a syntax error about a character literal; names b, o and z followed
! by an operator and a character literal stay names.
program boz_not_yet
  implicit none
  integer :: i
  character(2) :: b, z
  data i /z'7f'/
  b = 'b' // "o"
  z = b // 'z'
  i = int(z'ff') + iand(i, b'101') + o"17"
  print *, i, b, z
end program
