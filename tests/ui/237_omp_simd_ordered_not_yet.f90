! flags: -fopenmp
! `ordered` in `simd` loops of a target region: the SIMT vote loop needs every lane of the
! warp, so the construct must be directly in the loop's body, and no lane may `cycle`
! past it; a scalar of the region it assigns would be one per lane.
program p
  implicit none
  integer :: i, k, a(100)
  a = 0
  k = 0
  !$omp target map(tofrom: a)
  !$omp simd
  do i = 1, 100
    if (i > 3) then
      !$omp ordered simd
      a(i) = a(i - 1) + 1
      !$omp end ordered
    end if
  end do
  !$omp simd
  do i = 2, 100
    !$omp ordered simd
    k = k + i
    a(i) = k
    !$omp end ordered
  end do
  !$omp simd
  do i = 2, 100
    if (a(i) > 50) cycle
    !$omp ordered simd
    a(i) = a(i - 1) + 1
    !$omp end ordered
  end do
  !$omp end target
  print *, a(100), k
end program p
