! flags: -fopenmp
! Shared scalars written by one thread and read by all after a barrier; sequential loops
! inside a parallel region (their variables are private); shared variables passed to
! procedures by reference.
program shared_scalars
  use omp_lib
  implicit none
  integer :: n, i, j, total, acc(4)
  real(8) :: scale
  total = 0
  acc = 0
  !$omp parallel private(j)
  !$omp single
  n = 40
  scale = 0.5d0
  !$omp end single
  j = 0
  do i = 1, n
    j = j + i
  end do
  !$omp atomic
  total = total + int(j * scale)
  call bump(acc, omp_get_thread_num())
  !$omp end parallel
  print *, n, total == 410 * omp_get_max_threads(), sum(acc) == omp_get_max_threads()
contains
  subroutine bump(a, t)
    integer, intent(inout) :: a(4)
    integer, intent(in) :: t
    !$omp atomic
    a(mod(t, 4) + 1) = a(mod(t, 4) + 1) + 1
  end subroutine bump
end program shared_scalars
