! flags: -fopenmp
! single, master and masked: one thread runs the block; single ends with a barrier.
program single_master
  use omp_lib
  implicit none
  integer :: once, m, k, a(8), i
  once = 0
  m = 0
  k = 0
  a = 0
  !$omp parallel private(i)
  !$omp single
  once = once + 1
  do i = 1, 8
    a(i) = i * i
  end do
  !$omp end single
  !$omp master
  m = m + omp_get_thread_num() + 10
  !$omp end master
  !$omp masked filter(0)
  k = k + 5
  !$omp end masked
  !$omp single
  once = once + sum(a)
  !$omp end single nowait
  !$omp end parallel
  print *, once, m, k, a
end program single_master
