! do concurrent with locality specs (gfortran 12 does not have them, so the output is
! checked against a file): local (the outer variable keeps its value), local_init (every
! iteration starts from the outer value), shared, default(none), a mask.
program do_concurrent_locality
  implicit none
  integer :: i, j, t, s, a(6), b(6), m(3, 2)
  real :: x
  t = 100
  s = 5
  x = 0.5
  do concurrent (i = 1:6) local(t) shared(a)
    t = i * i
    a(i) = t
  end do
  print *, a, t
  do concurrent (i = 1:6) local_init(s) default(none) shared(b, x)
    s = s + i
    b(i) = s + int(x * 2)
  end do
  print *, b, s
  do concurrent (i = 1:3, j = 1:2, i /= 2) local(t) default(none) shared(m)
    t = 10 * i + j
    m(i, j) = t
  end do
  m(2, :) = 0
  print *, m, t
end program
