! Unformatted sequential files: gfortran's record markers, arrays, sections, derived
! types, complex and character items, rewind, backspace, endfile, end of file.
program unformatted_sequential
  implicit none
  type :: pt
    integer :: id
    real(8) :: x, y
    character(len=4) :: tag
  end type
  integer :: a(6), b(6), i, n, st, m(2, 3)
  real :: r(3)
  real(8) :: d
  complex :: c
  character(len=5) :: s, names(2)
  type(pt) :: p, q(2)
  integer(1) :: k1
  integer(8) :: k8
  logical :: flag
  a = [(i * i, i = 1, 6)]
  m = reshape([(10 * i, i = 1, 6)], [2, 3])
  p = pt(7, 1.5d0, -2.25d0, 'abcd')
  open(20, file='seq.bin', form='unformatted', status='replace')
  write(20) a
  write(20) 3.5, 2.0d0, (1.0, -2.0), 'hello'
  q(1) = pt(1, 0.5d0, 1d0, 'q1')
  q(2) = pt(2, 0.25d0, 2d0, 'q2')
  write(20) p, q
  q = pt(0, 0d0, 0d0, '')
  write(20) (a(i), i = 1, 6, 2), m(2, :)
  write(20) int(-3, 1), 123456789012_8, .true., ['abcde', 'fghij']
  write(20)
  write(20) 99
  rewind(20)
  read(20) b
  print *, b
  read(20) r(1), d, c, s
  print *, r(1), d, c, s
  read(20) p, q
  print *, p%id, p%x, p%y, p%tag, q(2)%id, q(2)%y, q(1)%tag
  b = 0
  read(20) b(1:3), b(4:6)
  print *, b
  read(20) k1, k8, flag, names
  print *, k1, k8, flag, names
  read(20)
  read(20) n
  print *, n
  read(20, iostat=st) n
  print *, 'end of file', st
  backspace(20)
  backspace(20)
  read(20) n
  print *, 'again', n
  ! a short read of a longer record skips the rest
  rewind(20)
  read(20) n, i
  read(20) r(1)
  print *, n, i, r(1)
  ! endfile after the first record
  rewind(20)
  read(20)
  endfile(20)
  rewind(20)
  read(20) b
  read(20, iostat=st) n
  print *, b(6), st
  close(20, status='delete')
  inquire(file='seq.bin', exist=flag)
  print *, 'exists after delete:', flag
end program
