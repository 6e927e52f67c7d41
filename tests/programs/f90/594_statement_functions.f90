! Statement functions: typed by declaration or implicitly, with several arguments, using
! variables of the unit, calling earlier statement functions, in a subroutine too.
program statement_functions
  implicit none
  real :: x, y, scale, area, hyp
  integer :: i, j, sq, k
  double precision :: d, half
  area(x, y) = x * y * scale
  sq(i) = i * i
  hyp(x, y) = sqrt(x**2 + y**2)
  half(d) = d / 2
  scale = 2.0
  print *, area(3.0, 4.0), sq(7), hyp(3.0, 4.0), half(5d0)
  scale = 0.5
  x = 10.0
  print *, area(x, 2.0), x
  do k = 1, 4
    j = sq(k) + sq(k + 1)
    print *, k, j
  end do
  call legacy(3)
end program

subroutine legacy(n)
  integer n
  f(t) = t * n + 1.0
  g(t, u) = f(t) - f(u)
  print *, f(2.0), g(5.0, 1.0)
end subroutine
