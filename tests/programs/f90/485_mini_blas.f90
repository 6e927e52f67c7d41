! A BLAS-style library in old Fortran conventions: assumed-size vector dummies (x(*)),
! explicit-shape matrices a(lda,n) with a leading dimension larger than the row count,
! increments (incx, incy) including negative ones, external subroutines and functions
! called without interfaces, and results checked on integer-valued data (exact in real(8)).
program mini_blas
  implicit none
  real(8) :: x(10), y(10), a(6, 4), v(4), w(6)
  real(8), external :: myddot
  integer, external :: myidamax
  real(8) :: shifted(10)
  integer :: i, j
  x = [(real(i, 8), i = 1, 10)]
  y = 1
  call mydaxpy(5, 2.0d0, x, 2, y, 1)
  print '(10F6.1)', y
  y = 1
  call mydaxpy(5, -1.0d0, x, 1, y, -2)
  print '(10F6.1)', y
  print '(A,F8.1)', 'ddot unit:', myddot(10, x, 1, x, 1)
  print '(A,F8.1)', 'ddot strided:', myddot(5, x, 2, x(2), 2)
  print '(A,F8.1)', 'ddot reversed:', myddot(4, x, 1, x, -1)
  ! a 4x4 matrix stored in a 6x4 array: lda = 6
  a = -99
  do j = 1, 4
    do i = 1, 4
      a(i, j) = real(i + 10 * j, 8)
    end do
  end do
  v = [1.0d0, 0.0d0, -1.0d0, 2.0d0]
  w = 0
  call mydgemv('N', 4, 4, 1.0d0, a, 6, v, 1, 0.0d0, w, 1)
  print '(A,4F8.1)', 'A*v  :', w(1:4)
  call mydgemv('T', 4, 4, 0.5d0, a, 6, v, 1, 0.0d0, w, 1)
  print '(A,4F8.1)', 'A^T*v/2:', w(1:4)
  call mydscal(3, 3.0d0, w, 2)
  print '(A,6F8.1)', 'scaled every other:', w
  shifted = x - 5.75d0
  print '(A,I3)', 'idamax:', myidamax(10, shifted, 1)
  print '(A,I3)', 'idamax stride 3:', myidamax(4, shifted, 3)
end program mini_blas

subroutine mydaxpy(n, alpha, x, incx, y, incy)
  implicit none
  integer :: n, incx, incy, i, ix, iy
  real(8) :: alpha, x(*), y(*)
  ix = 1; iy = 1
  if (incx < 0) ix = (1 - n) * incx + 1
  if (incy < 0) iy = (1 - n) * incy + 1
  do i = 1, n
    y(iy) = y(iy) + alpha * x(ix)
    ix = ix + incx
    iy = iy + incy
  end do
end subroutine mydaxpy

real(8) function myddot(n, x, incx, y, incy)
  implicit none
  integer :: n, incx, incy, i, ix, iy
  real(8) :: x(*), y(*)
  myddot = 0
  ix = 1; iy = 1
  if (incx < 0) ix = (1 - n) * incx + 1
  if (incy < 0) iy = (1 - n) * incy + 1
  do i = 1, n
    myddot = myddot + x(ix) * y(iy)
    ix = ix + incx
    iy = iy + incy
  end do
end function myddot

subroutine mydscal(n, alpha, x, incx)
  implicit none
  integer :: n, incx, i
  real(8) :: alpha, x(*)
  do i = 1, 1 + (n - 1) * incx, incx
    x(i) = alpha * x(i)
  end do
end subroutine mydscal

subroutine mydgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy)
  implicit none
  character(len=1) :: trans
  integer :: m, n, lda, incx, incy, i, j
  real(8) :: alpha, beta, a(lda, n), x(*), y(*), t
  if (trans == 'N') then
    do i = 1, m
      y(1 + (i - 1) * incy) = beta * y(1 + (i - 1) * incy)
    end do
    do j = 1, n
      t = alpha * x(1 + (j - 1) * incx)
      do i = 1, m
        y(1 + (i - 1) * incy) = y(1 + (i - 1) * incy) + t * a(i, j)
      end do
    end do
  else
    do j = 1, n
      t = 0
      do i = 1, m
        t = t + a(i, j) * x(1 + (i - 1) * incx)
      end do
      y(1 + (j - 1) * incy) = beta * y(1 + (j - 1) * incy) + alpha * t
    end do
  end if
end subroutine mydgemv

integer function myidamax(n, x, incx)
  implicit none
  integer :: n, incx, i
  real(8) :: x(*), best
  myidamax = 1
  best = abs(x(1))
  do i = 2, n
    if (abs(x(1 + (i - 1) * incx)) > best) then
      best = abs(x(1 + (i - 1) * incx))
      myidamax = i
    end if
  end do
end function myidamax
