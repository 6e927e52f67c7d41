! flags: -fopenmp
! The report of OpenMP `simd` loops lowered to SIMT: a `simd` loop in the threads of a team
! (which are warps), a composite `parallel do simd` with `safelen`, and `target simd`.
program omp_simd
  implicit none
  integer :: i, j, s, a(64, 64), r(64)
  a = 1
  !$omp target teams distribute parallel do private(s) map(to: a) map(from: r)
  do j = 1, 64
    s = 0
    !$omp simd reduction(+:s)
    do i = 1, 64
      s = s + a(i, j)
    end do
    r(j) = s
  end do
  !$omp target parallel do simd safelen(8) map(tofrom: a)
  do i = 9, 64
    a(i, 1) = a(i - 8, 1) + 1
  end do
  s = 0
  !$omp target simd map(to: a) lastprivate(j) map(tofrom: j)
  do i = 1, 64
    j = a(i, 2)
  end do
  print *, r(1), a(64, 1), j
end program omp_simd
