! flags: -fopenmp
! The report of the clauses of OpenMP `simd` loops: `lastprivate` and `linear` items listed
! under their clauses (not as `private`; also with the `val` and `step` modifiers), and
! `safelen`, `if(simd:)` and `simdlen` as written.
program omp_simd_clauses
  implicit none
  integer, parameter :: vl = 16
  integer :: i, j, k, t, last, a(256)
  logical :: wide
  a = 1
  wide = .true.
  k = 0
  !$omp target simd map(tofrom: a, k, last) private(t) lastprivate(last) linear(k: 2) simdlen(8)
  do i = 1, 256
    t = a(i) + k
    a(i) = t
    k = k + 2
    last = i
  end do
  !$omp target teams distribute parallel do map(tofrom: a) map(to: wide)
  do j = 1, 8
    !$omp simd safelen(vl) if(simd: wide) lastprivate(t)
    do i = 1, 32
      t = a((j - 1) * 32 + i)
      a((j - 1) * 32 + i) = t * 2
    end do
  end do
  ! OpenMP 5.1's and 5.2's spellings of the same clause.
  !$omp target simd map(tofrom: a, k) linear(val(k): 2)
  do i = 1, 256
    a(i) = a(i) + k
    k = k + 2
  end do
  !$omp target simd map(tofrom: a, k) linear(k: val, step(2))
  do i = 1, 256
    a(i) = a(i) - k
    k = k + 2
  end do
  print *, a(1), a(256), k, last
end program omp_simd_clauses
