! flags: -fopenmp
! Explicit tasks: created by one thread, run by any; firstprivate captures at creation,
! shared arrays written through, taskwait waits for the children; if(.false.) is undeferred.
program tasks
  implicit none
  integer :: i, a(40), b(40), total, k
  a = 0
  b = 0
  total = 0
  !$omp parallel
  !$omp single
  do i = 1, 40
    !$omp task firstprivate(i) shared(a)
    a(i) = i * i
    !$omp end task
  end do
  !$omp taskwait
  do i = 1, 40
    b(i) = a(41 - i)
  end do
  !$omp end single
  !$omp end parallel
  k = 5
  !$omp parallel
  !$omp master
  !$omp task if(.false.) firstprivate(k)
  k = k + 1
  total = total + k
  !$omp end task
  !$omp end master
  !$omp end parallel
  print *, sum(a), a(7), b(1), b(40), total, k
end program tasks
