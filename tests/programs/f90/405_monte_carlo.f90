! Monte-Carlo with random_number after random_seed(put=): the seed size query, the same
! stream reproduced after re-seeding, estimates of pi and of an integral checked only
! against loose bounds, and the range of the generated numbers (only deterministic derived
! values are printed).
program monte_carlo
  implicit none
  integer :: nseed, i, hits, k
  integer, allocatable :: seed(:), got(:)
  real(8) :: x, y, pi_est, s, first(5), again(5)
  real :: r4(1000)
  call random_seed(size=nseed)
  print '(A,L2)', 'seed size in 1..33:', nseed >= 1 .and. nseed <= 33
  allocate(seed(nseed), got(nseed))
  seed = [(12345 + 7 * i, i = 1, nseed)]
  call random_seed(put=seed)
  call random_number(first)
  call random_seed(put=seed)
  call random_number(again)
  print '(A,L2)', 'stream reproduced:', all(first == again)
  call random_seed(get=got)
  print '(A,L2)', 'get gives a full seed:', size(got) == nseed
  ! pi by hit-or-miss
  call random_seed(put=seed)
  hits = 0
  do i = 1, 200000
    call random_number(x)
    call random_number(y)
    if (x*x + y*y <= 1.0d0) hits = hits + 1
  end do
  pi_est = 4.0d0 * hits / 200000
  print '(A,L2)', 'pi estimate within 0.02:', abs(pi_est - 3.14159d0) < 0.02d0
  ! integral of x**2 on [0,1] by the sample mean
  s = 0
  do k = 1, 100000
    call random_number(x)
    s = s + x * x
  end do
  s = s / 100000
  print '(A,L2)', 'integral within 0.01 of 1/3:', abs(s - 1.0d0/3.0d0) < 0.01d0
  ! real(4) arrays: all in [0,1), mean near 1/2, bucket counts roughly equal
  call random_number(r4)
  print '(A,L2)', 'all in [0,1):', all(r4 >= 0.0 .and. r4 < 1.0)
  print '(A,L2)', 'mean near 1/2:', abs(sum(r4) / size(r4) - 0.5) < 0.05
  print '(A,L2)', 'lower half count plausible:', abs(count(r4 < 0.5) - 500) < 80
  ! a random permutation (Fisher-Yates) is still a permutation
  call permutation_check(20)
contains
  subroutine permutation_check(n)
    integer, intent(in) :: n
    integer :: p(n), j, t, m
    real :: u
    p = [(m, m = 1, n)]
    do m = n, 2, -1
      call random_number(u)
      j = 1 + int(u * m)
      t = p(m); p(m) = p(j); p(j) = t
    end do
    print '(A,I4,A,I6)', 'permutation sum:', sum(p), ' sum of squares:', sum(p * p)
    print '(A,L2)', 'each value once:', all([(count(p == m) == 1, m = 1, n)])
  end subroutine permutation_check
end program monte_carlo
