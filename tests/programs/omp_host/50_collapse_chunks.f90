! flags: -fopenmp -O2
! Collapsed worksharing loops run each thread's chunk as nested loops (the start
! decomposed once, rows of the innermost loop, a carry into the outer ones): a
! descending middle loop, strided inner loops, dynamic, static-chunked and guided
! schedules whose chunks end mid-row, `lastprivate` of the collapsed variables, an
! empty collapsed space with a reduction, and small private arrays of constant shape.
program collapse_chunks
  use omp_lib
  implicit none
  integer :: i, j, k, a(5,4,3), s, n
  integer :: b(7,6), st(0:3), v(-1:0), c(8,9)
  a = 0; b = 0
  !$omp parallel do collapse(3)
  do k = 1, 3
    do j = 4, 1, -1
      do i = 1, 5
        a(i,j,k) = a(i,j,k) + i + 10*j + 100*k
      end do
    end do
  end do
  do n = 1, 4
  !$omp parallel do collapse(2) schedule(dynamic, 3) lastprivate(i, j)
  do j = 1, 6
    do i = 2, 7, 2
      b(i,j) = b(i,j) + i*j
    end do
  end do
  print *, i, j
  !$omp parallel do collapse(2) schedule(static, 5)
  do j = 1, 6
    do i = 1, 7, 3
      b(i,j) = b(i,j) + 1
    end do
  end do
  end do
  s = 0
  !$omp parallel do collapse(2) reduction(+:s) schedule(guided)
  do j = 1, 0
    do i = 1, 5
      s = s + 1
    end do
  end do
  print *, sum(a), a(5,4,3), a(1,1,1), sum(b), b(6,5), b(7,6), s
  ! Private arrays of constant shape with non-default bounds.
  c = 0
  !$omp parallel do collapse(2) private(st, v)
  do j = 1, 9
    do i = 1, 8
      do n = 0, 3
        st(n) = i + n * j
      end do
      v(-1) = st(0) + st(3)
      v(0) = st(1) * st(2)
      c(i, j) = v(-1) - v(0)
    end do
  end do
  print *, sum(c), c(8, 9), c(1, 1)
end program
