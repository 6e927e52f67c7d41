! Sieve of Eratosthenes with a logical allocatable array, counting primes below several
! limits, twin primes and the gaps between consecutive primes (maxval, count, pack-free).
program sieve
  implicit none
  logical, allocatable :: isp(:)
  integer :: limits(4) = [10, 100, 1000, 30000]
  integer :: k, n, i, j, twins, gap, maxgap, last
  do k = 1, size(limits)
    n = limits(k)
    allocate(isp(n))
    isp = .true.
    isp(1) = .false.
    do i = 2, n
      if (i * i > n) exit
      if (.not. isp(i)) cycle
      do j = i * i, n, i
        isp(j) = .false.
      end do
    end do
    twins = 0
    maxgap = 0
    last = 2
    do i = 3, n
      if (isp(i)) then
        gap = i - last
        if (gap == 2) twins = twins + 1
        maxgap = max(maxgap, gap)
        last = i
      end if
    end do
    print '(A,I6,A,I5,A,I4,A,I3,A,I6)', 'n=', n, ' primes=', count(isp), ' twins=', twins, &
      ' maxgap=', maxgap, ' largest=', last
    deallocate(isp)
  end do
  print *, allocated(isp)
end program sieve
