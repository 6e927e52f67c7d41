! flags: -fopenmp
! critical sections, unnamed and named, protecting updates of shared variables.
program critical_host
  use omp_lib
  implicit none
  integer :: i, cnt, hist(0:9), mx
  real(8) :: acc
  cnt = 0
  hist = 0
  acc = 0
  mx = -1
  !$omp parallel do
  do i = 1, 2000
    !$omp critical
    cnt = cnt + 1
    hist(mod(i, 10)) = hist(mod(i, 10)) + 1
    !$omp end critical
    !$omp critical (accum)
    acc = acc + 0.25d0
    if (mod(i * 31, 1999) > mx) mx = mod(i * 31, 1999)
    !$omp end critical (accum)
  end do
  print *, cnt, hist, acc, mx
  cnt = 0
  !$omp parallel
  !$omp critical (counter)
  cnt = cnt + omp_get_num_threads()
  !$omp end critical (counter)
  !$omp end parallel
  print *, cnt == omp_get_max_threads() ** 2
end program critical_host
