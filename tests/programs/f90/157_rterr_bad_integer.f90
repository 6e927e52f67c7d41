! A conversion error without iostat=: gfortran's runtime error and exit code 2 after the
! output written so far.
program rterr_bad_integer
  implicit none
  integer :: i, n, total
  total = 0
  do i = 1, 10
    read(*, *) n
    total = total + n
    print *, 'running total', total
  end do
  print *, 'not reached', total
end program rterr_bad_integer
