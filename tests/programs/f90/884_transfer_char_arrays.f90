! transfer to and from character arrays: of structures, of character scalars and
! arrays, with size= and array molds.
program transfer_char_arrays
  implicit none
  type t
    integer :: i
    real :: r
  end type
  type(t) :: x, y
  character(len=1) :: c(8)
  character(len=2) :: d(4), e(3)
  character(len=4) :: w
  integer :: ii(2), k
  x = t(1684234849, 2.5)
  c = transfer(x, c)
  print *, c(1:4), (ichar(c(k)), k = 5, 8)
  d = transfer('abcdefgh', d)
  print *, d
  e = transfer(1684234849, 'zz', 3)
  print '(2("[",a,"]"))', e(1:2)
  y = transfer(c, y)
  print *, y%i, y%r
  ii = transfer(d, ii)
  print *, ii
  w = transfer(['a', 'b', 'c', 'd'], w)
  print *, w, size(transfer(x, ['ab'])), size(transfer('abcde', ['xy']))
  k = transfer(['ab', 'cd'], 0)
  print *, k
end program
