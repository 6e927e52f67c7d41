! Tests: floor, ceiling, aint, anint, sign, modulo, dim, ishft, not, float, sngl, epsilon,
! tiny; an automatic array sized by a dummy argument.
program numeric_intrinsics
  implicit none
  real :: x(6)
  real(8) :: d
  integer :: i, k(5)
  x(1) = 2.5; x(2) = -2.5; x(3) = 3.7; x(4) = -3.7; x(5) = 0.0; x(6) = 1.5
  do i = 1, 6
    print '(F6.2, 4I4, 2F6.1)', x(i), floor(x(i)), ceiling(x(i)), int(aint(x(i))), int(anint(x(i))), aint(x(i)), anint(x(i))
  end do
  print *, sign(3, -2), sign(-3, 2), sign(2.5, -1.0), sign(-2.5, 0.0)
  print *, modulo(7, 3), modulo(-7, 3), modulo(7, -3), modulo(-7, -3), mod(-7, 3)
  print *, modulo(7.5, 2.0), modulo(-7.5, 2.0)
  print *, dim(5, 3), dim(3, 5), dim(2.5, 1.0)
  print *, ishft(1, 4), ishft(256, -3), ishft(-1, -28), ishft(-8, 1), ishft(5, 31)
  print *, not(0), not(5), iand(not(12), 15)
  d = 3.25d0
  print *, float(7), sngl(d)
  print *, epsilon(1.0) > 0.0, epsilon(1.0d0) < 1.0d-15, tiny(1.0) > 0.0
  call fill(k, 5)
  print *, k
end program numeric_intrinsics

subroutine fill(k, n)
  implicit none
  integer, intent(in) :: n
  integer, intent(out) :: k(n)
  integer :: work(n + 1), i
  do i = 1, n + 1
    work(i) = i * i
  end do
  do i = 1, n
    k(i) = work(i + 1) - work(i)
  end do
end subroutine fill
