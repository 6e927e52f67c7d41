! flags: -fopenmp
! Host `taskloop` in each combined form (`taskloop` under `single`, `master taskloop`,
! `masked taskloop`, `parallel master taskloop`, `parallel masked taskloop simd`): the
! iterations run as tasks of the team and the implicit taskgroup ends them before the
! construct ends; `private`/`firstprivate`/`shared` clauses, a collapsed nest.
program taskloop_forms
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), m(8, 8), i, j, t, off
  a = 0
  b = 0
  off = 3
  !$omp parallel shared(a)
  !$omp single
  !$omp taskloop firstprivate(off) private(t)
  do i = 1, n
    t = i * 2
    a(i) = t + off
  end do
  !$omp end taskloop
  ! The taskgroup ended every task: the values are there.
  b(1) = sum(a)
  !$omp end single
  !$omp end parallel
  print *, 'taskloop:', sum(a), b(1)
  !$omp parallel
  !$omp master taskloop
  do i = 1, n
    a(i) = a(i) - off
  end do
  !$omp end master taskloop
  !$omp end parallel
  print *, 'master taskloop:', sum(a)
  !$omp parallel
  !$omp masked taskloop filter(0)
  do i = 1, n
    b(i) = a(i) / 2
  end do
  !$omp end parallel
  print *, 'masked taskloop:', sum(b)
  !$omp parallel master taskloop num_threads(3) shared(a, b)
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
  !$omp end parallel master taskloop
  print *, 'parallel master taskloop:', sum(a)
  !$omp parallel masked taskloop simd collapse(2)
  do j = 1, 8
    do i = 1, 8
      m(i, j) = i * 10 + j
    end do
  end do
  print *, 'parallel masked taskloop simd:', sum(m), m(8, 1), m(1, 8)
end program taskloop_forms
