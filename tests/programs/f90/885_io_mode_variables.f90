! Changeable modes given by character variables and expressions (checked at run time):
! on open, write and read; a bad value caught by iostat= (5002, gfortran's message) and
! transferring nothing; an uncaught one stops the program with exit code 2.
program io_mode_variables
  implicit none
  character(5) :: dc = 'COMMA', bad = 'xx'
  character(10) :: modes(3) = [character(10) :: 'up', 'down', 'zero']
  character(20) :: got
  character(60) :: msg
  integer :: ios, i
  real :: x
  write(*, '(f6.2)', decimal=dc) 1.5
  write(*, '(f6.2)', decimal=trim(dc), sign='pl' // 'us') 2.25
  do i = 1, 3
    write(*, '(f6.2)', round=modes(i)) -1.235
  end do
  open(10, file='data885.txt', decimal=trim(dc), status='replace', delim=modes(1)(1:0) // 'quote')
  inquire(10, decimal=got)
  print *, trim(got)
  inquire(10, delim=got)
  print *, trim(got)
  write(10, *) 2.5, 'q'
  rewind(10)
  read(10, *, decimal=dc) x
  print *, x
  close(10, status='delete')
  write(*, '(f6.2)', decimal=bad, iostat=ios, iomsg=msg) 1.5
  print *, ios, trim(msg)
  msg = '1,5'
  read(msg, *, decimal=bad, iostat=ios) x
  print *, ios
  open(11, sign=bad, iostat=ios, iomsg=msg, status='scratch')
  print *, ios, trim(msg)
  write(*, '(f6.2)', round=bad) 1.5
  print *, 'not reached'
end program
