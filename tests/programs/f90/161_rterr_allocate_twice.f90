! Allocating an allocated array without stat=: gfortran's runtime error, exit code 2.
program rterr_allocate_twice
  implicit none
  integer, allocatable :: work(:)
  integer :: n
  do n = 1, 3
    allocate(work(n * 10))
    work = n
    print *, 'pass', n, sum(work)
    ! the deallocate is missing on purpose
  end do
end program rterr_allocate_twice
