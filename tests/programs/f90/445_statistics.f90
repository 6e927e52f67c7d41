! Descriptive statistics on data with exact binary fractions: mean and variance by two
! passes and by Welford's online update (compared), median and quartiles after sorting a
! copy, mode of integer data, a z-score classification and a weighted mean.
program statistics
  implicit none
  integer, parameter :: n = 16
  real(8) :: x(n), s(n), mean1, var1, mean2, m2, delta, q1, q3, med, w(n)
  integer :: k(n), i, j, best, cnt, bestcnt
  x = [2.5d0, 4.0d0, 1.0d0, 8.5d0, 3.0d0, 4.0d0, 7.25d0, 0.5d0, &
       6.0d0, 4.0d0, 2.0d0, 9.75d0, 5.5d0, 3.0d0, 1.5d0, 4.5d0]
  mean1 = sum(x) / n
  var1 = sum((x - mean1)**2) / (n - 1)
  mean2 = 0; m2 = 0
  do i = 1, n
    delta = x(i) - mean2
    mean2 = mean2 + delta / i
    m2 = m2 + delta * (x(i) - mean2)
  end do
  print '(A,F10.6,A,F10.6)', 'mean:', mean1, ' variance:', var1
  print '(A,L2,A,L2)', 'welford mean agrees:', abs(mean2 - mean1) < 1.0d-12, &
    ' variance agrees:', abs(m2 / (n - 1) - var1) < 1.0d-12
  s = x
  do i = 2, n
    delta = s(i)
    j = i - 1
    do while (j >= 1)
      if (s(j) <= delta) exit
      s(j+1) = s(j)
      j = j - 1
    end do
    s(j+1) = delta
  end do
  print '(8F7.2)', s
  med = (s(n/2) + s(n/2 + 1)) / 2
  q1 = (s(n/4) + s(n/4 + 1)) / 2
  q3 = (s(3*n/4) + s(3*n/4 + 1)) / 2
  print '(A,3F8.3,A,F8.3)', 'q1 median q3:', q1, med, q3, ' iqr:', q3 - q1
  print '(A,2F8.3)', 'range:', s(1), s(n)
  k = nint(x)
  bestcnt = 0; best = 0
  do i = 1, n
    cnt = count(k == k(i))
    if (cnt > bestcnt .or. (cnt == bestcnt .and. k(i) < best)) then
      bestcnt = cnt; best = k(i)
    end if
  end do
  print '(A,I3,A,I3)', 'mode of rounded data:', best, ' count', bestcnt
  print '(A,3I4)', 'below/within/above one sd:', count(x < mean1 - sqrt(var1)), &
    count(abs(x - mean1) <= sqrt(var1)), count(x > mean1 + sqrt(var1))
  w = [(real(mod(i, 4) + 1, 8), i = 1, n)]
  print '(A,F10.6)', 'weighted mean:', sum(w * x) / sum(w)
end program statistics
