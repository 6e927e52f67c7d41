! flags: -fopenmp
! Host tasks with `depend` (and the `affinity` hint): a chain of dependent tasks created by
! one thread of a team must run in order whatever the number of threads; tasks without a
! dependence may run anywhere.
program task_depend_chain
  implicit none
  integer, parameter :: n = 64
  integer :: v, w, k, a(n), i
  v = 1
  w = 0
  a = 0
  !$omp parallel num_threads(4)
  !$omp single
  do k = 1, 20
    !$omp task depend(inout: v) firstprivate(k) affinity(a)
    v = v * 3 + k
    v = mod(v, 100003)
    !$omp end task
  end do
  !$omp task depend(in: v) depend(out: w)
  w = v + 1
  !$omp end task
  do k = 1, 4
    !$omp task firstprivate(k) private(i) shared(a)
    do i = (k - 1) * 16 + 1, k * 16
      a(i) = i * k
    end do
    !$omp end task
  end do
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  print *, v, w, sum(a)
end program
