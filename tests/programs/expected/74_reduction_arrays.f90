! OpenACC 3.x reductions of arrays, array elements and array sections: each element is
! combined as a scalar reduction would be, on compute constructs and on gang, worker and
! vector loops (histograms, per-class error counts, max/min per bucket, a section).
! gfortran 12 refuses arrays in `reduction`; the expected output is plain gfortran's
! (directives ignored), which a reduction must equal (exact integer and dyadic data).
program reduction_arrays
  implicit none
  integer, parameter :: n = 1000, nb = 8
  integer :: hist(nb), errs(4), big(nb), small(nb), part(10), row(4), i, j, k
  integer(8) :: hist8(nb)
  real(8) :: wsum(nb)
  integer :: x(n)

  do i = 1, n
    x(i) = mod(i * 37, 101)
  end do

  ! A whole-array histogram on a gang-vector loop; the original values take part.
  hist = 1
  !$acc parallel loop reduction(+:hist) copyin(x)
  do i = 1, n
    k = mod(x(i), nb) + 1
    hist(k) = hist(k) + 1
  end do
  print *, 'hist:', hist, sum(hist)

  ! One element (OpenACC's `reduction(+:errors(3))`), the others unchanged.
  errs = [10, 20, 30, 40]
  !$acc parallel loop reduction(+:errs(3)) copyin(x)
  do i = 1, n
    if (x(i) > 50) errs(3) = errs(3) + 1
  end do
  print *, 'errs:', errs

  ! max and min per bucket, integer(8) and real(8) sums of exact values.
  big = -1
  small = 1000
  hist8 = 0
  wsum = 0.0d0
  !$acc parallel loop gang vector reduction(max:big) reduction(min:small) &
  !$acc& reduction(+:hist8, wsum) copyin(x)
  do i = 1, n
    k = mod(i, nb) + 1
    big(k) = max(big(k), x(i))
    small(k) = min(small(k), x(i))
    hist8(k) = hist8(k) + int(x(i), 8) * 1000000000_8
    wsum(k) = wsum(k) + 0.5d0 * x(i)
  end do
  print *, 'big:', big
  print *, 'small:', small
  print *, 'hist8:', hist8
  print *, 'wsum:', wsum

  ! A section, on a worker loop inside a gang loop.
  part = 0
  !$acc parallel loop gang num_workers(4) copyin(x)
  do j = 1, 10
    !$acc loop worker reduction(+:part(2:5))
    do i = 1, 100
      k = mod(x(i) + j, 4) + 2
      part(k) = part(k) + j
    end do
  end do
  print *, 'part:', part

  ! Vector loop reductions into one row per gang iteration, and a construct reduction.
  row = 0
  !$acc parallel num_gangs(4) vector_length(32) copyin(x) reduction(+:row)
  !$acc loop gang
  do j = 1, 4
    !$acc loop vector reduction(+:row)
    do i = 1, n
      if (mod(x(i), 4) == j - 1) row(j) = row(j) + x(i)
    end do
  end do
  !$acc end parallel
  print *, 'row:', row, sum(row) == sum(x)

  ! Gang-redundant updates in a construct: each gang adds its own contribution.
  errs = 0
  !$acc parallel num_gangs(3) reduction(+:errs)
  errs(1) = errs(1) + 1
  errs(4) = errs(4) + 2
  !$acc end parallel
  print *, 'per gang:', errs(1) >= 1, errs(4) == 2 * errs(1), errs(2), errs(3)
end program reduction_arrays
