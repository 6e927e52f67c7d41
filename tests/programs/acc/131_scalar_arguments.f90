! Scalars of every kind reach a kernel by value (in the kernel parameters themselves):
! integers of 4 and 8 bytes (a negative 4-byte one, whose bits fill only the low half of
! the argument slot), reals of 4 and 8, and logicals.
program scalar_arguments
  implicit none
  integer, parameter :: n = 8
  integer(4) :: i4
  integer(8) :: i8
  real(4) :: r4
  real(8) :: r8
  logical :: flag
  real(8) :: out(n)
  integer :: i

  i4 = -70000
  i8 = 5000000000_8
  r4 = 0.5
  r8 = -2.25d0
  flag = .true.
  !$acc parallel loop copyout(out) firstprivate(i4)
  do i = 1, n
    out(i) = real(-3 * i, 8) + real(i4, 8) / 4.0d0 + real(i8 / 1000000_8, 8) &
      + real(r4, 8) * i + r8 + 1.5d0 * i + 0.5d0
    if (flag) out(i) = out(i) + 1.0d0
  end do
  print '(4f16.3)', out
  print '(i8, i12, f6.2, f7.2, l2)', i4, i8, r4, r8, flag
end program scalar_arguments
