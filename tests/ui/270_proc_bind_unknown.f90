! flags: -fopenmp
! An unknown affinity policy in `proc_bind` (OpenMP has primary, master, close, spread).
program p
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel do proc_bind(nearest) reduction(+:s)
  do i = 1, 4
    s = s + i
  end do
  print *, s
end program
