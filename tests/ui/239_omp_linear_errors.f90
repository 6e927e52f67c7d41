! flags: -fopenmp
! The `linear` clause: lowered on `simd` loops of target regions only; its items are
! scalar integer variables; `val(j)` is the plain form (the other modifiers: UI 269).
program p
  implicit none
  integer :: i, j, a(100)
  real :: x
  j = 0
  x = 0
  !$omp parallel do linear(j)
  do i = 1, 100
    j = j + 1
    a(j) = i
  end do
  !$omp target map(tofrom: a)
  !$omp simd linear(x: 2)
  do i = 1, 10
    a(i) = int(x)
  end do
  !$omp simd linear(val(j))
  do i = 1, 10
    a(i) = j
  end do
  !$omp end target
  print *, a(1)
end program p
