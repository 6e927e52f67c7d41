! flags: -fopenmp
! `simd` loops lowered to SIMT in less common places: with `cycle`, a private array per
! lane, in a `distribute simd` with `lastprivate`, in a `parallel do simd` with
! `num_threads(2)` (the team's two threads are warps), an empty `simd` loop, and
! recurrences under `if(simd: .false.)` and `if(.false.)` (one iteration at a time); in a
! `simd` loop `omp_get_thread_num()` is the thread's (the warp's), not a lane number.
program simt_edge_cases
  use omp_lib
  implicit none
  integer, parameter :: n = 97
  integer :: i, j, s, x, m
  logical :: vec
  integer :: tn(8), u(8, 64)
  integer :: a(n), b(n), w(4)
  do i = 1, n
    a(i) = mod(i * 43, 71)
  end do
  b = 0; s = 0
  !$omp target map(to: a) map(tofrom: b, s)
  !$omp simd reduction(+:s)
  do i = 1, n
    if (mod(a(i), 3) == 0) cycle
    b(i) = a(i)
    s = s + a(i)
  end do
  !$omp end target
  print '(2i8)', s, sum(b)
  b = 0
  !$omp target map(to: a) map(tofrom: b)
  !$omp simd private(w)
  do i = 1, n
    do j = 1, 4
      w(j) = a(i) * j
    end do
    b(i) = w(1) + w(4) - w(2)
  end do
  !$omp end target
  print '(i8)', sum(b)
  x = 0
  !$omp target teams distribute simd lastprivate(x) map(to: a) map(tofrom: x) num_teams(3)
  do i = 1, n
    x = a(i) * 10 + i
  end do
  print '(i8)', x
  s = 0
  !$omp target parallel do simd num_threads(2) map(to: a) reduction(+:s)
  do i = 1, n
    s = s + a(i) * i
  end do
  print '(i10)', s
  m = 0
  s = 7
  !$omp target simd map(to: a) reduction(+:s) map(tofrom: m)
  do i = 1, m
    s = s + a(i)
  end do
  print '(i8)', s
  b = 1
  w = 1
  vec = .false.
  !$omp target map(tofrom: b) map(to: vec)
  !$omp simd if(simd: vec)
  do i = 2, n
    b(i) = b(i - 1) * 3 + i - b(i - 1) * 2
  end do
  !$omp end target
  !$omp target simd if(.false.) map(tofrom: w)
  do i = 2, 4
    w(i) = w(i - 1) * 2 + i
  end do
  print '(2i8, 4i5)', sum(b), b(n), w
  tn = -1; u = -2
  !$omp target parallel do num_threads(4) map(tofrom: tn, u)
  do j = 1, 8
    tn(j) = omp_get_thread_num()
    !$omp simd
    do i = 1, 64
      u(j, i) = omp_get_thread_num()
    end do
  end do
  print '(3l2)', all(u(:, 1) == tn), all(u(:, 64) == tn), all(tn >= 0 .and. tn < 4)
end program
