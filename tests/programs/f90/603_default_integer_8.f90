! flags: -fdefault-integer-8
! -fdefault-integer-8: default integer and logical are 8 bytes wide (declarations, implicit
! typing, literals, relational results, and intrinsic results such as size, len, index,
! count, kind and int), while explicit kinds keep theirs.
program default_integer_8
  integer :: i, big, a(5)
  integer(4) :: small
  logical :: flag, m(5)
  character(12) :: s
  j = 3
  big = 2 ** 40
  small = 7
  flag = big > small
  a = [(i * i, i = 1, 5)]
  m = a > 4
  s = 'default int'
  print *, big, j, small, flag
  print *, kind(i), kind(j), kind(small), kind(flag), kind(m), kind(a > 1), kind(1)
  print *, size(a), count(m), len(s), index(s, 'int'), len_trim(s), maxloc(a)
  print *, int(2.5e0) * 4000000000, nint(-3.5d0), huge(i), huge(small)
  print *, sum(a), product(a), any(m), all(m), m
  print '(i0, 1x, i0, 1x, l1)', big, a(5), flag
  call show(a, size(a))
contains
  subroutine show(v, n)
    integer, intent(in) :: n
    integer, intent(in) :: v(n)
    print *, v(n) + 10000000000, n
  end subroutine
end program
