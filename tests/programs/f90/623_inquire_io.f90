! inquire: exist, opened, number, name, size (by unit and by file), iolength.
program inquire_io
  implicit none
  logical :: ex, op
  integer :: n, sz, u
  character(len=40) :: nm
  real(8) :: d(10)
  integer :: k(3)
  character(len=7) :: c
  open(newunit=u, file='inq.txt', status='replace')
  write(u, '(a)') 'abc', 'defgh'
  inquire(file='inq.txt', exist=ex, opened=op, number=n, size=sz)
  print *, ex, op, n == u, sz
  inquire(unit=u, name=nm, size=sz, opened=op)
  print *, trim(nm), sz, op
  close(u)
  inquire(file='inq.txt', opened=op, number=n)
  print *, op, n
  inquire(unit=77, opened=op, exist=ex)
  print *, op, ex
  inquire(file='no-such-file.txt', exist=ex, size=sz)
  print *, ex, sz
  inquire(iolength=n) d
  print *, n
  inquire(iolength=n) k, c, d(1:3), 1.0
  print *, n
  open(40, file='inq.txt', status='old')
  close(40, status='delete')
  inquire(file='inq.txt', exist=ex)
  print *, ex
end program
