! Changeable modes on namelist transfers: delim= (quote, apostrophe, none), decimal='comma',
! sign='plus' and round= on write statements and from open; decimal='comma' on reads, from
! the statement and from the connection; repeated values and complex arrays in those modes.
program namelist_modes
  implicit none
  integer :: i(3) = [3, 3, -4]
  real(8) :: x(2) = [1.5d0, 2.0d0 / 3]
  real :: r = -0.1
  character(len=3) :: s(3) = ['ab ', 'ab ', 'c''d']
  complex :: z(2) = (1.0, -2.0)
  logical :: l = .true.
  namelist /g/ i, x, r, s, z, l
  write(*, nml=g)
  write(*, nml=g, delim='quote')
  write(*, nml=g, delim='apostrophe')
  write(*, nml=g, delim='none')
  write(*, nml=g, decimal='comma')
  write(*, nml=g, delim='apostrophe', decimal='comma', sign='plus')
  write(*, nml=g, round='down')
  write(*, nml=g, round='up', sign='suppress')
  write(*, nml=g, round='zero', decimal='point')
  ! a connection's modes, and a statement's over them
  open(10, file='nml_modes.txt', delim='apostrophe', decimal='comma', sign='plus')
  write(10, nml=g)
  write(10, nml=g, delim='quote', decimal='point')
  close(10)
  open(10, file='nml_modes.txt', decimal='comma')
  call clear
  read(10, nml=g)
  print *, i, x, r, s, z, l
  call clear
  read(10, nml=g, decimal='point')
  print *, i, x, r, s, z, l
  close(10)
  open(10, file='nml_modes.txt')
  call clear
  read(10, nml=g, decimal='comma')
  print *, i, x, r, s, z, l
  close(10, status='delete')
contains
  subroutine clear
    i = 0
    x = 0
    r = 0
    s = ''
    z = 0
    l = .false.
  end subroutine
end program
