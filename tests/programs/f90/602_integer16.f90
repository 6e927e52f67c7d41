! integer(16): gfortran's 16-byte integers: arithmetic beyond the range of integer(8),
! mixed-kind expressions, huge, list-directed and formatted output (I, Z, B), input,
! arrays, a common block and a dummy argument.
program int16
  implicit none
  integer(16) :: a, b, f(5), s
  integer(8) :: k
  integer :: i
  character(60) :: line
  common /big/ s
  a = huge(0_8)
  b = a * a + 7
  print *, a, b
  print *, -b, b / a, mod(b, 1000000007_16), b - a * a
  print *, huge(a)
  print *, -huge(a) - 1_16
  k = 3
  a = 2_16 ** 100 + k
  print '(i0, 1x, z0, 1x, b0)', a, a, 5_16
  print '(i45)', -a
  f(1) = 1; f(2) = 1
  do i = 3, 5
    f(i) = f(i - 1) * 100000000000_16 + f(i - 2)
  end do
  print *, f
  print *, sum(f), maxval(f), f(5) > f(4), int(f(2), 4)
  write (line, '(i40)') f(5)
  read (line, *) b
  print *, b == f(5), real(b, 8)
  read (line, '(i40)') s
  call twice(s)
  print *, s
contains
  subroutine twice(x)
    integer(16), intent(inout) :: x
    x = 2 * x
  end subroutine
end program
