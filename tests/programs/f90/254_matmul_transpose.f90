! matmul (matrix-matrix, vector-matrix, matrix-vector) and transpose in assignments,
! print lists, nested in other intrinsics and expressions, on sections and on
! expressions, with integer, real and mixed kinds.
program matmul_transpose
  implicit none
  integer :: a(2, 3), b(3, 4), c(2, 4), v(3), w(2), i, j
  real(8) :: p(3, 3), q(3, 3), r(3, 3)
  real :: s(2, 2)
  do j = 1, 3
    do i = 1, 2
      a(i, j) = i + 2 * j
    end do
  end do
  do j = 1, 4
    do i = 1, 3
      b(i, j) = i * j - 2
    end do
  end do
  c = matmul(a, b)
  do i = 1, 2
    print '(4i6)', c(i, :)
  end do
  v = [1, -1, 2]
  w = matmul(a, v)
  print '(2i6)', w
  print '(4i6)', matmul(v, b)
  print '(3i6)', matmul(w, a)
  print *, sum(matmul(a, b)), maxval(matmul(a, b)), shape(matmul(a, b))
  print '(3i4)', transpose(a)
  print *, shape(transpose(b)), transpose(b)
  do j = 1, 3
    do i = 1, 3
      p(i, j) = real(i + j, 8) / 4d0
      q(i, j) = real(i - j, 8)
    end do
  end do
  r = matmul(p, q) + transpose(matmul(q, p))
  do i = 1, 3
    print '(3f10.4)', r(i, :)
  end do
  r = matmul(transpose(p), p)
  print '(3f10.4)', r
  ! aliasing: the result overwrites an operand
  p = matmul(p, q)
  print '(3f10.4)', p
  q = transpose(q)
  print '(3f8.1)', q
  s = matmul(real(a(:, 1:2)), transpose(real(a(:, 2:3))))
  print '(2f8.1)', s
  print '(4i5)', matmul(a(:, 2:3), b(2:3, :) * 2)
  print '(2i5)', matmul(b(1:3:2, 1:4:3), transpose(b(2:3, 2:3)))
end program matmul_transpose
