! flags: -fopenacc
! dprod of default reals (scalars, arrays, in device code), rank of scalars and arrays
! (also in constant expressions), selected_char_kind.
program dp
  implicit none
  integer, parameter :: ck = selected_char_kind('ascii'), r2 = rank(reshape([1, 2, 3, 4], [2, 2]))
  real :: x(3), y
  real(8) :: d(3)
  integer :: m(2, 3, 4), k, z
  integer :: w(rank(m))
  z = command_argument_count()
  x = [1.1, 2.5, 1e30] + z
  y = 3.3 + z
  print *, dprod(x, y), dprod(x(1), x(3))
  print *, ck, r2, rank(m), rank(y), rank(x(2:3)), size(w)
  print *, selected_char_kind('DEFAULT'), selected_char_kind('ISO_10646'), selected_char_kind('ebcdic')
  !$acc parallel loop copyin(x) copyout(d)
  do k = 1, 3
    d(k) = dprod(x(k), 2.0)
  end do
  print *, d
end program
