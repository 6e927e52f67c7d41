! flags: -fopenmp
! linear on collapsed simd nests of target regions (target simd, simd in a target region,
! target parallel do simd): the item's value in an iteration is its
! value before the nest plus the iteration's number in the collapsed iteration space times
! the step, and after the nest the value of the sequentially last iteration.
program simt_linear_collapse
  implicit none
  integer, parameter :: ni = 7, nj = 5, nk = 3
  integer :: i, j, k, p, q, a(ni * nj), b(ni * nj * nk), c(ni, nj)
  integer(8) :: w

  a = -1
  p = 10
  !$omp target simd collapse(2) linear(p: 3) map(tofrom: a, p)
  do j = 1, nj
    do i = 1, ni
      a(i + ni * (j - 1)) = p
      p = p + 3
    end do
  end do
  print '(a, 8i6)', 'target simd  ', a(1), a(2), a(ni), a(ni + 1), a(ni * nj - 1), a(ni * nj), p

  b = 0
  q = 100
  !$omp target map(tofrom: b, q)
  !$omp simd collapse(3) linear(q: -2)
  do k = 1, nk
    do j = 2, nj
      do i = 3, ni
        b(i + ni * (j - 1) + ni * nj * (k - 1)) = q
        q = q - 2
      end do
    end do
  end do
  !$omp end target
  print '(a, 6i6)', 'collapse(3)  ', b(1), b(3 + ni), b(4 + ni * (nj - 1)), b(ni + ni * nj * 2), q, sum(b)

  c = 0
  w = 5
  !$omp target parallel do simd collapse(2) linear(w: 2) map(tofrom: c, w)
  do j = 1, nj
    do i = 1, ni
      c(i, j) = int(w)
      w = w + 2
    end do
  end do
  print '(a, 4i6, i8)', 'composite    ', c(1, 1), c(ni, 1), c(1, nj), c(ni, nj), w
  print '(a, i8)', 'checksum     ', sum(c)
end program simt_linear_collapse
