! Histogramming integer and real data into fixed bins with clamping of outliers, cumulative
! counts, the mode, percentiles from the cumulative histogram, and a text bar chart built
! with repeat(); data from an integer linear congruential generator.
program histogram
  implicit none
  integer, parameter :: nbins = 10, ndata = 500
  integer :: hist(nbins), cum(0:nbins), data(ndata), i, b, state, under, over
  real :: x(ndata), lo, hi, width
  state = 2024
  do i = 1, ndata
    state = mod(state * 1103 + 12345, 65536)
    ! a triangular-ish distribution: sum of two uniforms in 0..49
    data(i) = mod(state, 50) + mod(state / 50, 50)
  end do
  hist = 0
  do i = 1, ndata
    b = data(i) / nbins + 1
    b = min(max(b, 1), nbins)
    hist(b) = hist(b) + 1
  end do
  print '(A,10I5)', 'counts:', hist
  print '(A,I5)', 'total:', sum(hist)
  cum(0) = 0
  do b = 1, nbins
    cum(b) = cum(b-1) + hist(b)
  end do
  print '(A,10I5)', 'cumul: ', cum(1:)
  print '(A,I3)', 'mode bin:', maxloc(hist, dim=1)
  print '(A,I3)', 'median bin:', first_at_least(ndata / 2)
  print '(A,I3)', '90th percentile bin:', first_at_least(9 * ndata / 10)
  do b = 1, nbins
    print '(I3,A,I3,1X,A)', (b-1)*nbins, '-', b*nbins - 1, repeat('*', hist(b) / 5)
  end do
  ! real data with under/overflow bins
  lo = 10.0; hi = 60.0
  width = (hi - lo) / nbins
  x = real(data) + 0.25
  hist = 0; under = 0; over = 0
  do i = 1, ndata
    if (x(i) < lo) then
      under = under + 1
    else if (x(i) >= hi) then
      over = over + 1
    else
      b = int((x(i) - lo) / width) + 1
      hist(b) = hist(b) + 1
    end if
  end do
  print '(A,I4,A,I4)', 'underflow:', under, ' overflow:', over
  print '(A,10I5)', 'counts:', hist
  print '(A,L2)', 'conserved:', under + over + sum(hist) == ndata
  print '(A,F8.3)', 'bin width:', width
contains
  integer function first_at_least(k)
    integer, intent(in) :: k
    integer :: j
    first_at_least = -1
    do j = 1, nbins
      if (cum(j) >= k) then
        first_at_least = j
        return
      end if
    end do
  end function first_at_least
end program histogram
