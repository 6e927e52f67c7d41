! flags: -fopenmp
! Host simd loops keep LLVM's vectorisation hint wherever they are: inside a parallel
! region (outlined), as do simd and as parallel do simd (the suite counts the hinted loops
! of the LLVM IR against the simd directives here without safelen); the results do not
! depend on the number of threads.
program host_simd_hints
  implicit none
  integer, parameter :: n = 1000, m = 12
  real(8) :: a(n), b(n), c(m, m), s, t
  integer :: i, j, last, hist(4)

  do i = 1, n
    b(i) = real(mod(i * 37, 101), 8) / 8
  end do

  !$omp parallel
  !$omp simd
  do i = 1, n
    a(i) = 2 * b(i) + 1
  end do
  !$omp end parallel
  print '(a, 3f12.4)', 'simd in parallel   ', a(1), a(n / 3), a(n)

  !$omp parallel do simd schedule(static)
  do i = 1, n
    a(i) = a(i) - b(i)
  end do
  print '(a, 3f12.4)', 'parallel do simd   ', a(1), a(n / 2), a(n)

  s = 0
  !$omp parallel
  !$omp do simd reduction(+: s) schedule(dynamic, 64)
  do i = 1, n
    s = s + a(i) * b(i)
  end do
  !$omp end parallel
  print '(a, f16.4)', 'do simd reduction  ', s

  !$omp parallel do simd collapse(2) lastprivate(last)
  do j = 1, m
    do i = 1, m
      c(i, j) = real(i * j, 8) / m
      last = i + 100 * j
    end do
  end do
  print '(a, f12.4, i8)', 'collapsed lastpriv ', sum(c), last

  hist = 0
  !$omp parallel do simd safelen(4) reduction(+: hist)
  do i = 1, n
    hist(mod(i, 4) + 1) = hist(mod(i, 4) + 1) + int(b(i))
  end do
  !$omp simd safelen(4)
  do i = 5, n
    a(i) = a(i - 4) + 1
  end do
  print '(a, f12.4, 4i6)', 'safelen(4)         ', a(n), hist

  ! A target region (without simd) beside them: its kernel's host copy has no hint.
  !$omp target teams distribute parallel do map(tofrom: a) map(to: b)
  do i = 1, n
    a(i) = a(i) + b(i)
  end do

  t = 0
  !$omp simd reduction(max: t)
  do i = 1, n
    t = max(t, a(i) - b(i))
  end do
  print '(a, f12.4)', 'lone simd          ', t
end program host_simd_hints
