! Non-advancing output (advance='no'): building one line from several write statements,
! prompts before reads, progress marks, and a file written piece by piece.
program advance_no
  implicit none
  integer :: i, j, n, u, ios
  character(len=40) :: line

  do i = 1, 4
    do j = 1, i
      write(*, '(I3)', advance='no') i * j
    end do
    write(*, '(A)') ''
  end do

  write(*, '(A)', advance='no') 'progress: '
  do i = 1, 10
    write(*, '(A)', advance='no') '#'
  end do
  write(*, '(A)') ' done'

  write(*, '(A)', advance='no') 'enter n: '
  read(*, *) n
  write(*, '(A, I0)') 'got ', n
  write(6, '(A, F6.2)', advance='NO') 'half=', n / 2.0
  print *, 'and then list-directed'

  open(newunit=u, file='data171.txt', status='replace')
  do i = 1, 3
    write(u, '(I2, A)', advance='no') i, ','
  end do
  write(u, '(A)') 'end'
  write(u, '(A)', advance='yes') 'second'
  close(u)
  open(newunit=u, file='data171.txt', status='old')
  do
    read(u, '(A)', iostat=ios) line
    if (ios /= 0) exit
    print *, '[', trim(line), ']'
  end do
  close(u, status='delete')
  write(*, '(A)', advance='no', iostat=ios) 'last line without newline'
end program advance_no
