! Namelist output in gfortran's layout: every intrinsic type and kind, arrays with runs
! of equal values, line breaks after five and six values, derived-type scalars, the
! short form `write(u, g)`, a group written to a file and read back as text.
program namelist_write
  implicit none
  type :: inner
    integer :: k(2)
    character(len=2) :: s
  end type
  type :: outer
    real :: r
    type(inner) :: in
    logical :: ok
  end type
  integer :: i = 1, a(3) = [1, 2, 3], z(4) = 0, big(14), j
  integer(1) :: k1 = 3
  integer(2) :: k2 = -300
  integer(8) :: k8 = -5
  real :: x = 1.5, r(7)
  real(8) :: d = 2.25d0, dd(2) = [1d300, -0.0d0]
  character(len=5) :: s = 'hello'
  character(len=3) :: cs(2) = ['ab ', 'c"d']
  logical :: l = .true., ls(3) = .false.
  complex :: c = (1.0, -2.0)
  complex(8) :: zz(2)
  integer :: m(2, 3)
  type(outer) :: t
  character(len=80) :: line
  integer :: ios
  namelist /g/ i, x, d, s, l, a, c, z, cs, k1, k2, k8
  namelist /h/ r, dd, ls, zz, m
  namelist /b/ big, t
  namelist /e/ i
  big = [(j, j = 1, 14)]
  r = [(real(j) / 2, j = 1, 7)]
  r(6:7) = 4.0
  zz = [(1d0, 2d0), (-0.5d0, 0d0)]
  m = reshape([1, 1, 2, 2, 2, 3], [2, 3])
  t = outer(0.25, inner([7, 7], 'xy'), .false.)
  write(*, nml=g)
  write(*, h)
  write(*, nml=b)
  write(*, nml=e)
  open(10, file='nml_out.txt', status='replace')
  write(10, nml=e)
  write(10, nml=g)
  close(10)
  open(10, file='nml_out.txt', status='old')
  do
    read(10, '(a)', iostat=ios) line
    if (ios /= 0) exit
    print '(a, a)', '> ', trim(line)
  end do
  close(10, status='delete')
end program
