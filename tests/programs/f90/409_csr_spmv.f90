! Sparse matrices in compressed sparse row form with integer index arrays: building CSR
! from coordinate triples (counting, prefix sum, scatter), matrix-vector products, the
! transpose product, row sums, diagonal extraction, and a comparison with the dense matrix.
program csr_spmv
  implicit none
  integer, parameter :: n = 6, nnz = 14
  integer :: ri(nnz), ci(nnz), rowptr(n+1), colind(nnz), pos(n), i, k, j
  real(8) :: vals(nnz), val(nnz), dense(n,n), x(n), y(n), yd(n), z(n), diag(n)
  ri = [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1]
  ci = [1, 4, 1, 2, 6, 3, 5, 4, 2, 5, 1, 6, 3, 6]
  vals = [(real(k, 8) / 2, k = 1, nnz)]
  ! count entries per row, then exclusive scan to get row pointers
  rowptr = 0
  do k = 1, nnz
    rowptr(ri(k) + 1) = rowptr(ri(k) + 1) + 1
  end do
  rowptr(1) = 1
  do i = 2, n + 1
    rowptr(i) = rowptr(i) + rowptr(i-1)
  end do
  print '(A,7I4)', 'rowptr:', rowptr
  pos = rowptr(1:n)
  do k = 1, nnz
    i = ri(k)
    colind(pos(i)) = ci(k)
    val(pos(i)) = vals(k)
    pos(i) = pos(i) + 1
  end do
  ! sort the columns within each row (insertion sort)
  do i = 1, n
    call sort_row(rowptr(i), rowptr(i+1) - 1)
  end do
  do i = 1, n
    print '(A,I2,A,6I3)', 'row', i, ' cols:', colind(rowptr(i):rowptr(i+1)-1)
  end do
  dense = 0
  do k = 1, nnz
    dense(ri(k), ci(k)) = dense(ri(k), ci(k)) + vals(k)
  end do
  x = [(real(j, 8), j = 1, n)]
  do i = 1, n
    y(i) = 0
    do k = rowptr(i), rowptr(i+1) - 1
      y(i) = y(i) + val(k) * x(colind(k))
    end do
  end do
  do i = 1, n
    yd(i) = dot_product(dense(i,:), x)
  end do
  print '(A,6F7.1)', 'A*x:  ', y
  print '(A,L2)', 'matches dense:', all(y == yd)
  z = 0
  do i = 1, n
    do k = rowptr(i), rowptr(i+1) - 1
      z(colind(k)) = z(colind(k)) + val(k) * x(i)
    end do
  end do
  print '(A,6F7.1)', 'A^T*x:', z
  print '(A,L2)', 'transpose matches:', all(z == [(dot_product(dense(:,j), x), j = 1, n)])
  diag = 0
  do i = 1, n
    do k = rowptr(i), rowptr(i+1) - 1
      if (colind(k) == i) diag(i) = val(k)
    end do
  end do
  print '(A,6F6.1)', 'diag:', diag
  print '(A,6I3)', 'nnz per row:', rowptr(2:n+1) - rowptr(1:n)
contains
  subroutine sort_row(lo, hi)
    integer, intent(in) :: lo, hi
    integer :: p, q, c
    real(8) :: v
    do p = lo + 1, hi
      c = colind(p); v = val(p)
      q = p - 1
      do while (q >= lo)
        if (colind(q) <= c) exit
        colind(q+1) = colind(q); val(q+1) = val(q)
        q = q - 1
      end do
      colind(q+1) = c; val(q+1) = v
    end do
  end subroutine sort_row
end program csr_spmv
