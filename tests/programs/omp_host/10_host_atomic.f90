! flags: -fopenmp
! Host atomic update, read, write and capture on shared variables.
program host_atomic
  implicit none
  integer :: i, cnt, v, mx
  integer(8) :: big
  real(8) :: r
  cnt = 0; big = 0; r = 0; mx = 0
  !$omp parallel do
  do i = 1, 1000
    !$omp atomic
    cnt = cnt + 1
    !$omp atomic update
    big = big + int(i, 8)
    !$omp atomic
    r = r + 0.5d0
    !$omp atomic
    mx = max(mx, mod(i * 7, 991))
  end do
  print *, cnt, big, r, mx
  v = 0
  !$omp parallel
  !$omp atomic write
  v = 5
  !$omp end parallel
  !$omp parallel do private(i)
  do i = 1, 10
    !$omp atomic read
    cnt = v
  end do
  print *, v, cnt
end program host_atomic
