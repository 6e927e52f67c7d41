! flags: -fopenacc
! iall, iany, iparity (with dim and mask) and parity of integer arrays of every kind and
! logical arrays, on the host and in device code.
program reductions
  implicit none
  integer(1) :: b(4) = [int(-3, 1), 12_1, 127_1, 5_1]
  integer(2) :: h(3) = [int(-300, 2), 255_2, 4096_2]
  integer :: a(3, 4), k, r(4), z
  integer(8) :: l(5)
  integer(16) :: q(3)
  logical :: t(3, 4), u(0)
  z = command_argument_count()
  a = reshape([(k * 37 - 100 + z, k = 1, 12)], [3, 4])
  l = [1_8, -2_8, 2_8**40, 7_8, -2_8**62]
  q = [3_16, -5_16, 2_16**100]
  t = a > 0
  print *, iall(a), iany(a), iparity(a)
  print *, iall(a, dim=1), iany(a, 2), iparity(a, 1)
  print *, iall(a, mask=a > 0), iany(a, mask=a < 0), iparity(a, 2, a /= 11)
  print *, iall(b), iany(b), iparity(b), iall(h), iany(h), iparity(h)
  print *, iall(l), iany(l), iparity(l), iall(l(1:0)), iany(l(1:0))
  print *, iall(q), iany(q), iparity(q)
  print *, parity(t), parity(t, 1), parity(t, dim=2), parity(u), parity([.true., .true., .true.])
  ! In device code.
  !$acc parallel loop copyin(a) copyout(r)
  do k = 1, 4
    r(k) = iall(a(:, k)) + iany(a(:, k)) + iparity(a(:, k))
  end do
  print *, r
end program
