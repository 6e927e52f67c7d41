! Statement functions of character type (result and dummy lengths as declared), one
! statement function using another, one without arguments reading host variables that
! change between references, and dummies named like variables of the unit.
program statement_functions_char
  implicit none
  integer :: i, k
  real :: x, a(3), f, g, h
  character(4) :: c, w
  character(6) :: wrap
  f(x) = x * x + 1.0
  g(x, k) = f(x) * k
  h() = a(1) + a(3)
  wrap(c) = '[' // c // ']'
  x = -1.0
  k = 100
  a = [1.0, 2.0, 3.0]
  do i = 1, 3
    print *, f(a(i)), g(a(i), i), h()
    a(3) = a(3) * 2
  end do
  w = 'ab'
  print *, wrap(w), wrap('wxyz'), len(wrap(w)), x, k
end program
