! Reading past the end of a file without iostat= or end=: "End of file", exit code 2.
program rterr_end_of_file
  implicit none
  integer :: i, v
  open(30, file='data158.txt', status='replace')
  do i = 1, 3
    write(30, *) i * 5
  end do
  rewind(30)
  do i = 1, 4
    read(30, *) v
    print *, 'record', i, v
  end do
  print *, 'not reached'
end program rterr_end_of_file
