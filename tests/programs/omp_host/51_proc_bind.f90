! flags: -fopenmp
! `proc_bind(primary|master|close|spread)` on `parallel` and `parallel do` (passed to
! libgomp in GOMP_parallel's flags, as gfortran does); results do not depend on where
! the threads run. A target region's `parallel` accepts the clause too.
program proc_bind_policies
  use omp_lib
  implicit none
  integer :: i, s(4), n
  s = 0
  !$omp parallel do proc_bind(close) reduction(+:s)
  do i = 1, 100
    s(1) = s(1) + i
  end do
  !$omp parallel proc_bind(spread) num_threads(2)
  !$omp atomic
  s(2) = s(2) + 1
  !$omp end parallel
  !$omp parallel proc_bind(primary)
  !$omp single
  s(3) = omp_get_num_threads()
  !$omp end single
  !$omp end parallel
  !$omp parallel do proc_bind(master) reduction(max:n)
  do i = 1, 10
    n = max(n, i * i)
  end do
  print *, s(1), s(2) >= 1, s(3) >= 1, n
  !$omp target teams distribute parallel do proc_bind(close) map(tofrom: s)
  do i = 1, 4
    s(i) = s(i) + 10 * i
  end do
  print *, s(1), s(4)
end program
