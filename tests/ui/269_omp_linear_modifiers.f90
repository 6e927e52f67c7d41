! flags: -fopenmp
! Modifiers of linear on loop constructs: val (the default) and step(s) are accepted;
! ref and uval belong to declare simd, and anything else after the step is an error.
program linear_modifiers
  implicit none
  integer :: i, k, a(16)
  k = 0
  !$omp target simd linear(val(k): 2) map(tofrom: a, k)
  do i = 1, 16
    a(i) = k
    k = k + 2
  end do
  !$omp target simd linear(k: val, step(3)) map(tofrom: a, k)
  do i = 1, 16
    a(i) = k
    k = k + 3
  end do
  !$omp target simd linear(ref(k)) map(tofrom: a, k)
  do i = 1, 16
    k = k + 1
  end do
  !$omp target simd linear(k: uval) map(tofrom: a, k)
  do i = 1, 16
    k = k + 1
  end do
  !$omp target simd linear(k: 2, 3) map(tofrom: a, k)
  do i = 1, 16
    k = k + 2
  end do
end program linear_modifiers
