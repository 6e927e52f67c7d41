! LU decomposition without pivoting (Doolittle, explicit loops) of an integer-valued
! matrix whose factors are integers, forward and back substitution for several right-hand
! sides, the determinant as the product of U's diagonal, and A = L*U checked exactly.
program lu
  implicit none
  integer, parameter :: n = 4
  real(8) :: a(n,n), l(n,n), u(n,n), b(n), y(n), x(n), prod(n,n), det
  integer :: i, j, k, r
  ! A = L*U with L unit lower, U upper (chosen integer)
  l = 0; u = 0
  do i = 1, n
    l(i,i) = 1
    do j = 1, i-1
      l(i,j) = mod(i + 2*j, 3) - 1
    end do
    do j = i, n
      u(i,j) = i + j - 1
    end do
    u(i,i) = 2*i
  end do
  a = 0
  do i = 1, n
    do j = 1, n
      do k = 1, n
        a(i,j) = a(i,j) + l(i,k) * u(k,j)
      end do
    end do
  end do
  print '(4F8.1)', ((a(i,j), j = 1, n), i = 1, n)
  ! factor a copy in place
  prod = a
  do k = 1, n - 1
    do i = k + 1, n
      prod(i,k) = prod(i,k) / prod(k,k)
      do j = k + 1, n
        prod(i,j) = prod(i,j) - prod(i,k) * prod(k,j)
      end do
    end do
  end do
  print '(A)', 'L (strict lower part):'
  print '(4F8.1)', ((merge(prod(i,j), 0.0d0, j < i), j = 1, n), i = 1, n)
  print '(A)', 'U:'
  print '(4F8.1)', ((merge(prod(i,j), 0.0d0, j >= i), j = 1, n), i = 1, n)
  det = 1
  do i = 1, n
    det = det * prod(i,i)
  end do
  print '(A,F10.1)', 'det =', det
  do r = 1, 3
    x = [(real(r * i - 2, 8), i = 1, n)]
    call matvec(a, x, b)
    ! forward substitution L y = b
    do i = 1, n
      y(i) = b(i)
      do j = 1, i - 1
        y(i) = y(i) - prod(i,j) * y(j)
      end do
    end do
    ! back substitution U x = y
    do i = n, 1, -1
      x(i) = y(i)
      do j = i + 1, n
        x(i) = x(i) - prod(i,j) * x(j)
      end do
      x(i) = x(i) / prod(i,i)
    end do
    print '(A,I1,A,4F8.2)', 'rhs ', r, ': x =', x
  end do
contains
  subroutine matvec(m, v, w)
    real(8), intent(in) :: m(n,n), v(n)
    real(8), intent(out) :: w(n)
    integer :: p, q
    w = 0
    do q = 1, n
      do p = 1, n
        w(p) = w(p) + m(p,q) * v(q)
      end do
    end do
  end subroutine matvec
end program lu
