! flags: -fopenmp
! A histogram with atomic update, and atomic read/write/capture in a target region.
program atomic_hist
  implicit none
  integer, parameter :: n = 5000, nb = 16
  integer :: h(nb), i, b, cnt, old, last
  h = 0
  cnt = 0
  !$omp target teams distribute parallel do map(tofrom: h, cnt)
  do i = 1, n
    b = mod(i * 7, nb) + 1
    !$omp atomic update
    h(b) = h(b) + 1
    !$omp atomic
    cnt = cnt + i
  end do
  old = -1
  last = 0
  !$omp target map(tofrom: cnt, old, last)
  !$omp atomic capture
  old = cnt
  cnt = cnt + 1
  !$omp end atomic
  !$omp atomic write
  last = 42
  !$omp atomic read
  old = cnt
  !$omp end target
  print *, h(1), h(nb), sum(h), cnt, old, last
end program atomic_hist
