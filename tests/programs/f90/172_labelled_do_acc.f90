! Labelled DO loops (with a shared terminal statement) under OpenACC loop directives,
! including collapse(2) and a reduction, checked against a host computation.
program labelled_do_acc
  implicit none
  integer :: i, j
  real :: a(64, 8), s, t
  integer :: cnt(8)

  !$acc parallel loop collapse(2) copyout(a)
  do 10 j = 1, 8
  do 10 i = 1, 64
    a(i, j) = real(i + 10 * j)
10 continue

  s = 0.0
  !$acc parallel loop reduction(+:s) copyin(a)
  do 20 j = 1, 8
    do 30 i = 1, 64
      s = s + a(i, j)
30  continue
20 continue

  t = 0.0
  do 40 j = 1, 8
    do 40 i = 1, 64
      t = t + real(i + 10 * j)
40 continue
  print *, s, t, s == t

  !$acc parallel loop copyout(cnt) copyin(a)
  do 50 j = 1, 8
    cnt(j) = 0
    do 60 i = 1, 64
      if (a(i, j) > 50.0) cnt(j) = cnt(j) + 1
60  continue
50 continue
  print '(8I4)', cnt
end program labelled_do_acc
