! Direct (FFT-free) convolutions: full 1-D convolution of integer sequences (polynomial
! multiplication), 'same'-size moving averages with power-of-two weights, circular
! convolution with modulo indexing, cross-correlation peak search and a 2-D 3x3 blur.
program convolution
  implicit none
  integer :: p(4), q(3), r(6), i, j, k, n, lag, best
  real(8) :: sig(16), sm(16), w(-2:2), c(0:7), x(0:7), y(0:7), img(6,6), out(6,6), cc
  p = [1, 2, 3, 4]
  q = [1, -1, 2]
  r = 0
  do i = 1, 4
    do j = 1, 3
      r(i+j-1) = r(i+j-1) + p(i) * q(j)
    end do
  end do
  print '(A,6I4)', 'poly product:', r
  print '(A,L2)', 'value at x=2 agrees:', poly(r, 6, 2) == poly(p, 4, 2) * poly(q, 3, 2)
  ! smoothing with weights 1/16, 4/16, 6/16, 4/16, 1/16 and zero padding
  w = [1, 4, 6, 4, 1] / 16.0d0
  sig = 0
  sig(8) = 16
  sig(12:16) = 32
  n = size(sig)
  do i = 1, n
    sm(i) = 0
    do k = -2, 2
      if (i + k >= 1 .and. i + k <= n) sm(i) = sm(i) + w(k) * sig(i + k)
    end do
  end do
  print '(8F7.3)', sm
  ! circular convolution of length 8
  x = [(real(i, 8), i = 0, 7)]
  c = 0
  c(0) = 0.5d0; c(1) = 0.25d0; c(7) = 0.25d0
  do i = 0, 7
    y(i) = 0
    do k = 0, 7
      y(i) = y(i) + c(k) * x(modulo(i - k, 8))
    end do
  end do
  print '(A,8F7.3)', 'circular:', y
  print '(A,F7.3)', 'sum preserved:', sum(y) - sum(x)
  ! cross-correlation: find the shift of a pattern inside the signal
  best = -99
  cc = -1
  c(1:5) = [1.0d0, 2.0d0, 1.0d0, 2.0d0, 1.0d0]
  do lag = 0, 11
    if (dot_product(sig(1+lag:5+lag), c(1:5)) > cc) then
      cc = dot_product(sig(1+lag:5+lag), c(1:5))
      best = lag
    end if
  end do
  print '(A,I3,A,F7.1)', 'best lag:', best, ' score:', cc
  ! 2-D blur of a checkerboard with the separable 1/4,1/2,1/4 kernel, clamped edges
  do j = 1, 6
    do i = 1, 6
      img(i,j) = real(mod(i + j, 2) * 8, 8)
    end do
  end do
  do j = 1, 6
    do i = 1, 6
      out(i,j) = 0
      do k = -1, 1
        do n = -1, 1
          out(i,j) = out(i,j) + wt(k) * wt(n) * img(min(max(i+k,1),6), min(max(j+n,1),6))
        end do
      end do
    end do
  end do
  do i = 1, 6
    print '(6F6.2)', out(i,:)
  end do
contains
  integer function poly(cf, nc, xv)
    integer, intent(in) :: nc, cf(nc), xv
    integer :: m
    poly = 0
    do m = nc, 1, -1
      poly = poly * xv + cf(m)
    end do
  end function poly
  real(8) function wt(m)
    integer, intent(in) :: m
    wt = merge(0.5d0, 0.25d0, m == 0)
  end function wt
end program convolution
