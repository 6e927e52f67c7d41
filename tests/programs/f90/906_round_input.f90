! round= on input: gfortran 12 rounds input conversions in the statement's or the
! connection's rounding mode (up, down, zero; compatible and nearest both to nearest, ties
! to even) and in the RU/RD/RZ/RN descriptors of a format, for real(4), real(8) and real(16)
! values read list-directed, formatted and by namelist. The bits are printed in hexadecimal.
program round_input
  implicit none
  character(len=12) :: t(9) = ['-0.1        ', '0.3         ', '1.5e-45     ', '-3.5e38     ', '4e38        ', &
                               '2.5         ', '0.15        ', '1e-50       ', '16777217    ']
  character(len=10) :: m(5) = ['up        ', 'down      ', 'zero      ', 'nearest   ', 'compatible']
  real :: a, b, c
  real(8) :: d
  real(16) :: q
  integer :: i, j
  character(len=8) :: line
  namelist /v/ a, d
  do j = 1, 5
    do i = 1, 9
      read(t(i), *, round=trim(m(j))) a
      read(t(i), *, round=trim(m(j))) d
      read(t(i), *, round=trim(m(j))) q
      print '(a10,1x,a12,z9,z17,1x,z33)', m(j), t(i), a, d, q
    end do
  end do
  ! descriptors
  read(t(1), '(rd,f5.0)') a
  read(t(1), '(ru,f5.0)') b
  read(t(1), '(rz,f5.0)') c
  print '(3z9)', a, b, c
  line = '0.1 0.1'
  read(line, '(rd,f4.0,rn,f4.0)') a, b
  print '(2z9)', a, b
  ! the connection's mode, a statement's over it, and namelist input
  open(10, file='round_input.txt', round='down')
  write(10, '(a)') '0.1', '0.1', '&v a=0.1, d=0.1 /'
  rewind(10)
  read(10, *) a
  read(10, *, round='up') b
  read(10, nml=v)
  print '(3z9, z17)', a, b, a, d
  close(10, status='delete')
end program
