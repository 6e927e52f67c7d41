! flags: -fopenmp
! barrier and nowait: phases separated by barriers see each other's writes.
program barrier_nowait
  use omp_lib
  implicit none
  integer, parameter :: n = 400
  integer :: a(n), b(n), c(n), d(n), i, me, nt
  !$omp parallel private(me, nt, i)
  me = omp_get_thread_num()
  nt = omp_get_num_threads()
  do i = me + 1, n, nt
    a(i) = i
  end do
  !$omp barrier
  do i = me + 1, n, nt
    b(i) = a(n + 1 - i)
  end do
  !$omp do
  do i = 1, n
    c(i) = 1
  end do
  !$omp end do nowait
  !$omp do schedule(dynamic)
  do i = 1, n
    d(i) = 2
  end do
  !$omp end do nowait
  !$omp barrier
  !$omp do
  do i = 1, n
    c(i) = c(i) + b(i) + d(i)
  end do
  !$omp end parallel
  print *, sum(a), sum(b), sum(c), b(1), c(n)
end program barrier_nowait
