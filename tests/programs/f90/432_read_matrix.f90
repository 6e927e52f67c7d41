! Reading a problem description from standard input the way small solvers do: a title
! line, dimensions, a matrix row by row, a right-hand side, options as logical and
! character values; then Gaussian elimination on the data read and a formatted report.
program read_matrix
  implicit none
  character(len=40) :: title
  character(len=8) :: method
  integer :: n, i, j, k, p, nrhs
  real(8), allocatable :: a(:,:), b(:)
  real(8) :: f, tmp
  logical :: verbose
  read(*, '(A)') title
  read(*, *) n, nrhs
  allocate(a(n,n), b(n))
  do i = 1, n
    read(*, *) (a(i,j), j = 1, n)
  end do
  read(*, *) verbose, method
  print '(A,A)', 'problem: ', trim(title)
  print '(A,I2,A,A)', 'n =', n, ' method = ', trim(method)
  do k = 1, nrhs
    read(*, *) b
    call solve(a, b, n)
    print '(A,I2,A,*(F9.4))', 'rhs', k, ': x =', b
  end do
  print '(A,F9.4)', 'trace of A:', sum([(a(i,i), i = 1, n)])
contains
  subroutine solve(m, x, nn)
    integer, intent(in) :: nn
    real(8), intent(in) :: m(nn,nn)
    real(8), intent(inout) :: x(nn)
    real(8) :: w(nn,nn)
    integer :: r, c, q
    w = m
    do c = 1, nn - 1
      p = c
      do r = c + 1, nn
        if (abs(w(r,c)) > abs(w(p,c))) p = r
      end do
      if (p /= c) then
        do q = 1, nn
          tmp = w(c,q); w(c,q) = w(p,q); w(p,q) = tmp
        end do
        tmp = x(c); x(c) = x(p); x(p) = tmp
        if (verbose) print '(A,I2,A,I2)', '  swap rows', c, ' and', p
      end if
      do r = c + 1, nn
        f = w(r,c) / w(c,c)
        w(r,c:nn) = w(r,c:nn) - f * w(c,c:nn)
        x(r) = x(r) - f * x(c)
      end do
    end do
    do r = nn, 1, -1
      x(r) = (x(r) - sum(w(r,r+1:nn) * x(r+1:nn))) / w(r,r)
    end do
  end subroutine solve
end program read_matrix
