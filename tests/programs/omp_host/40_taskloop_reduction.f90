! flags: -fopenmp
! `reduction` on host `taskloop` (alone, `master taskloop`, `parallel master taskloop`):
! the task's private copy starts at the operator's identity and is combined into the
! shared original when the task ends; the results do not depend on the thread count.
program taskloop_reduction
  implicit none
  integer, parameter :: n = 200
  integer :: i, s, p, mx
  integer :: a(n)
  logical :: all_pos
  do i = 1, n
    a(i) = mod(i * 37, 101) - 20
  end do
  s = 5
  p = 1
  mx = -1000
  all_pos = .true.
  !$omp parallel num_threads(3) shared(s, mx, all_pos)
  !$omp single
  !$omp taskloop reduction(+: s) reduction(max: mx)
  do i = 1, n
    s = s + a(i)
    mx = max(mx, a(i))
  end do
  !$omp end single
  !$omp master taskloop reduction(.and.: all_pos)
  do i = 1, n
    all_pos = all_pos .and. a(i) > -21
  end do
  !$omp end parallel
  !$omp parallel master taskloop reduction(*: p)
  do i = 1, 10
    p = p * (mod(i, 3) + 1)
  end do
  print *, s, mx, all_pos, p
end program
