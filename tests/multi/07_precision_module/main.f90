! Kinds, bounds and lengths from separately compiled modules, with `only:` and renames.
program main
  use consts
  use prec, only: wp => dp
  implicit none
  real(dp) :: a(n), s
  real(wp) :: w
  integer(ik) :: k
  integer(kind=ik) :: m
  character(len=n) :: tag
  real(kind=dp) :: b(nhalf, 2)
  integer :: i
  do i = 1, n
    a(i) = 1.0_dp / i
  end do
  s = sum(a)
  w = 2.5_wp * pi
  k = big + 1_ik
  m = huge(m)
  tag = 'abcdefghijk'
  b = reshape(a, [nhalf, 2])
  print '(F20.15)', s
  print '(F20.15)', w
  print *, k, m, kind(k), kind(w), kind(a)
  print '(A,A,I3)', tag, '|', len(tag)
  print '(4F10.5)', b
  print '(F20.12)', circle(2.0_wp)
  print *, size(a), shape(b)
end program main
