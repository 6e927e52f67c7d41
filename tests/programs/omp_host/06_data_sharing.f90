! flags: -fopenmp
! private, firstprivate, shared and default(none) on host constructs.
program data_sharing
  use omp_lib
  implicit none
  integer :: i, t, k, total, a(100)
  real(8) :: w(4)
  t = 7
  k = 100
  total = 0
  !$omp parallel private(t) firstprivate(k) shared(total)
  t = omp_get_thread_num()
  k = k + 1
  !$omp atomic
  total = total + k
  !$omp end parallel
  print *, t, k, total == 101 * omp_get_max_threads()
  !$omp parallel do default(none) shared(a) private(t) firstprivate(k)
  do i = 1, 100
    t = i * k
    a(i) = t
  end do
  print *, sum(a), k
  w = 1
  !$omp parallel do private(w)
  do i = 1, 100
    w(1) = i
    w(2) = 2 * i
    a(i) = int(w(1) + w(2))
  end do
  print *, sum(a), w
  w = 3
  !$omp parallel do firstprivate(w)
  do i = 1, 100
    a(i) = int(w(1) + w(4)) + i
  end do
  print *, sum(a)
end program data_sharing
