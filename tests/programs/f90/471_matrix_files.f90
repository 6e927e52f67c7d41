! Matrix data exchanged through files: a matrix written row by row with a format, read
! back list-directed into a matrix of a different layout (transposed on read), a scratch-
! free temporary file deleted on close, a CSV-like line built with internal writes, and
! several units open at the same time.
program matrix_files
  implicit none
  integer, parameter :: nr = 4, nc = 5
  real(8) :: a(nr, nc), b(nc, nr), c(nr, nc)
  integer :: i, j, iv(nc)
  character(len=80) :: line
  character(len=12) :: cell
  do j = 1, nc
    do i = 1, nr
      a(i, j) = i * 1.5d0 - j * 0.25d0
    end do
  end do
  open(31, file='mat_a.txt', status='replace')
  do i = 1, nr
    write(31, '(5F10.4)') a(i, :)
  end do
  close(31)
  open(32, file='mat_a.txt', status='old')
  do i = 1, nr
    read(32, *) (b(j, i), j = 1, nc)
  end do
  close(32)
  call transpose_loop(b, c)
  print '(A,L2)', 'transposed read matches:', all(c == a)
  ! integers and reals on the same record; two files open together
  open(33, file='mat_i.txt', status='replace')
  open(34, file='mat_c.txt', status='replace')
  do i = 1, nr
    write(33, *) i, [(i * j, j = 1, nc)]
    write(34, '(I3,5ES14.5)') i, a(i, :) * 2
  end do
  close(33)
  close(34)
  open(33, file='mat_i.txt', status='old')
  open(34, file='mat_c.txt', status='old')
  do i = 1, nr
    read(33, *) j, iv
    read(34, '(I3,5ES14.5)') j, c(i, :)
    print '(I3,5I4)', j, iv
  end do
  close(33, status='delete')
  close(34, status='delete')
  print '(A,L2)', 'doubled matrix read back exactly:', all(c == 2 * a)
  ! a CSV line
  line = ''
  do j = 1, nc
    write(cell, '(F8.3)') a(2, j)
    line = trim(line) // trim(adjustl(cell))
    if (j < nc) line = trim(line) // ','
  end do
  print '(A)', trim(line)
  open(35, file='mat_a.txt', status='old')
  read(35, '(A)') line
  close(35, status='delete')
  print '(A,A,A)', '[', trim(line), ']'
contains
  subroutine transpose_loop(m, t)
    real(8), intent(in) :: m(nc, nr)
    real(8), intent(out) :: t(nr, nc)
    integer :: p, q
    do q = 1, nc
      do p = 1, nr
        t(p, q) = m(q, p)
      end do
    end do
  end subroutine transpose_loop
end program matrix_files
