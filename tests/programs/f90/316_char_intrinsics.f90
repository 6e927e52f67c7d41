! More character intrinsics: scan and verify (forward and backward), lge/lgt/lle/llt,
! used to parse and validate tokens: splitting a comma-separated record, checking that
! fields are numeric, finding the last path separator, and ordering words.
program char_intrinsics
  implicit none
  character(len=40) :: rec
  character(len=12) :: field
  character(len=30) :: path
  character(len=6) :: words(5) = ['pear  ', 'apple ', 'fig   ', 'banana', 'cherry']
  character(len=6) :: t
  integer :: p, k, i, j, v
  rec = '12,abc,  7,4x2,,905'
  k = 0
  do
    p = scan(rec, ',')
    if (p == 0) then
      field = rec
    else
      field = rec(1:p - 1)
    end if
    k = k + 1
    if (len_trim(field) == 0) then
      print '(A,I2,A)', 'field', k, ' empty'
    else if (verify(trim(adjustl(field)), '0123456789') == 0) then
      v = to_int(trim(adjustl(field)))
      print '(A,I2,A,I6)', 'field', k, ' number', v
    else
      print '(A,I2,A,A,A,I2)', 'field', k, ' text "', trim(field), '" bad at', verify(trim(adjustl(field)), '0123456789')
    end if
    if (p == 0) exit
    rec = rec(p + 1:)
  end do
  path = '/usr/local/share/gpuf/x.f90'
  p = scan(path, '/', back=.true.)
  print '(A,I3,2A)', 'last slash', p, ' file ', trim(path(p + 1:))
  print *, scan('hello', 'lo'), scan('hello', 'lo', .true.), scan('abc', 'xyz'), verify('aaab', 'a'), verify('aaaa', 'a')
  print *, verify('  x  ', ' '), verify('  x  ', ' ', back=.true.)
  print *, lge('abc', 'abb'), lgt('abc', 'abc'), lle('ab', 'ab '), llt('Z', 'a'), lge('', ' ')
  do i = 1, 4
    do j = 1, 5 - i
      if (lgt(words(j), words(j + 1))) then
        t = words(j); words(j) = words(j + 1); words(j + 1) = t
      end if
    end do
  end do
  print '(5(A,1X))', words
contains
  integer function to_int(s)
    character(len=*), intent(in) :: s
    integer :: m
    to_int = 0
    do m = 1, len(s)
      to_int = to_int * 10 + index('0123456789', s(m:m)) - 1
    end do
  end function to_int
end program char_intrinsics
