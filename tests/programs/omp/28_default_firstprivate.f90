! flags: -fopenmp
! `default(firstprivate)` and `default(private)` on combined target constructs: the
! variables without a clause get per-team copies (initialised from the host for
! firstprivate), which the host never sees.
program default_firstprivate
  implicit none
  integer, parameter :: n = 64, m = 8
  integer :: a(n), d(n), x, y, k, priv, parr(m)
  a = [(x, x = 1, n)]
  d = 0
  k = 5
  priv = 100
  parr = 1
  !$omp target teams distribute default(firstprivate) shared(a, d) num_teams(4)
  do x = 1, n
    priv = k
    do y = 1, m
      parr(y) = a(x) + y
      priv = priv + parr(y)
    end do
    d(x) = priv
  end do
  print *, sum(d), d(1), d(n), priv, k, sum(parr)
  !$omp target teams distribute default(private) shared(a, d) map(tofrom: d)
  do x = 1, n
    priv = 2 * a(x)
    k = priv + 1
    d(x) = k + n
  end do
  print *, sum(d), priv, k
  !$omp target teams default(firstprivate) map(tofrom: d) shared(d) num_teams(1)
  parr(1) = parr(1) + k
  d(1) = parr(1) + priv + m
  !$omp end target teams
  print *, d(1), parr(1)
end program default_firstprivate
