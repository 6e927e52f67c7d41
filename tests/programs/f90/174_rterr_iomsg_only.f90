! iomsg= alone does not catch an error (only iostat=, err= and end= do): the bad value in
! the third read ends the program with gfortran's message and exit code 2.
program rterr_iomsg_only
  implicit none
  integer :: x, ios
  character(len=60) :: msg
  character(len=8) :: s

  s = '12'
  msg = 'unchanged'
  read(s, *, iomsg=msg) x
  print *, 'first', x, trim(msg)
  s = 'x12'
  read(s, *, iostat=ios, iomsg=msg) x
  print *, 'second', ios > 0, trim(msg)
  read(s, *, iomsg=msg) x
  print *, 'not reached'
end program rterr_iomsg_only
