! Time-series smoothing and statistics on dyadic data: simple moving averages of width
! 4 (exact), exponential smoothing with alpha = 1/2, first differences and a cumulative
! sum that restores the series, local maxima detection, integer autocorrelation sums for
! several lags, and a sliding-window maximum.
program time_series
  implicit none
  integer, parameter :: n = 24
  real(8) :: y(n), sma(n), ema(n), d(n), rec(n), mean
  integer :: i, k, lag, peaks(n), np, iy(n), ac
  do i = 1, n
    iy(i) = mod(i * 11, 17) + merge(8, 0, mod(i, 6) == 0)
  end do
  y = real(iy, 8)
  print '(12I4)', iy
  sma = 0
  do i = 4, n
    sma(i) = sum(y(i-3:i)) / 4
  end do
  print '(A)', 'moving average (width 4):'
  print '(7F8.2)', sma(4:n)
  ema(1) = y(1)
  do i = 2, n
    ema(i) = 0.5d0 * y(i) + 0.5d0 * ema(i-1)
  end do
  print '(A)', 'exponential smoothing, last 6:'
  print '(6F12.6)', ema(n-5:n)
  d(1) = y(1)
  d(2:n) = y(2:n) - y(1:n-1)
  rec(1) = d(1)
  do i = 2, n
    rec(i) = rec(i-1) + d(i)
  end do
  print '(A,L2)', 'cumsum of differences restores:', all(rec == y)
  np = 0
  do i = 2, n - 1
    if (y(i) > y(i-1) .and. y(i) > y(i+1)) then
      np = np + 1
      peaks(np) = i
    end if
  end do
  print '(A,12I3)', 'local maxima at:', peaks(1:np)
  mean = sum(y) / n
  print '(A,F10.4)', 'mean:', mean
  do lag = 0, 6, 2
    ac = 0
    do i = 1, n - lag
      ac = ac + (iy(i) - 10) * (iy(i+lag) - 10)
    end do
    print '(A,I2,A,I6)', 'lag', lag, ' autocovariance sum:', ac
  end do
  print '(A)', 'window maxima (width 5):'
  print '(20I3)', (maxval(iy(k:k+4)), k = 1, n - 4)
end program time_series
