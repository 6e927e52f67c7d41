! open with status='old' of a missing file and no iostat=: the runtime error of gfortran.
program rterr_open_old
  implicit none
  integer :: ios
  open(31, file='missing159.txt', status='old', iostat=ios)
  print *, 'with iostat', ios
  open(31, file='missing159.txt', status='old')
  print *, 'not reached'
end program rterr_open_old
