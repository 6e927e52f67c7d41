! A failed allocation (8 PiB) with stat= and errmsg= leaves the array unallocated and the
! program goes on; without stat= it ends the program with exit code 1, as gfortran does.
program alloc_failure
  implicit none
  real(8), allocatable :: big(:), small(:)
  integer :: st
  integer(8) :: n
  character(len=60) :: msg

  n = 2_8**50
  msg = 'unchanged'
  allocate(big(n), stat=st, errmsg=msg)
  print *, 'huge allocation', st, trim(msg)
  allocate(big(100), stat=st)
  print *, 'normal allocation', st, size(big)
  big = 0.5d0
  print *, sum(big)
  allocate(small(n))
  print *, 'not reached'
end program alloc_failure
