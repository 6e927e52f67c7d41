! flags: -fopenmp
! Target regions inside a host `parallel do`: each iteration offloads the work on its own
! slice of the array, which the threads map as a whole (reference counted: the last exit
! copies it back). omp-lower outlines the host construct, then the target regions in it.
program target_in_parallel
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), k, i, lo
  a = 0
  !$omp parallel do private(i, lo)
  do k = 1, 4
    lo = (k - 1) * 16
    !$omp target map(tofrom: a) firstprivate(k, lo)
    do i = lo + 1, lo + 16
      a(i) = i * k
    end do
    !$omp end target
  end do
  !$omp end parallel do
  print *, sum(a), a(1), a(17), a(64)
end program target_in_parallel
