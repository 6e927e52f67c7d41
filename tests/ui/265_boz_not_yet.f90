! BOZ literal constants are allowed in data statements, int() and the bit intrinsics; one
! elsewhere (o"17" as an operand) is a located error, not a syntax error about a character
! literal; names b, o and z followed by an operator and a character literal stay names.
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
