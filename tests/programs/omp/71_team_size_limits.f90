! flags: -fopenmp
! `num_threads`, `thread_limit` and `if(parallel: c)` on a combined target construct bound
! the team that shares a `parallel do`: only that many threads (0 ..) take iterations, and
! `omp_get_num_threads()` / `omp_get_thread_limit()` report at most the bound (on the sim
! device a warp has 32 or 64 lanes, more than a small bound).
program team_size_limits
  use omp_lib
  implicit none
  integer, parameter :: n = 200
  integer :: nt(n), tid(n), tl(n), x(n), i, k, lim
  integer :: sizes(3) = [1, 3, 7]
  do k = 1, 3
    lim = sizes(k)
    nt = -1
    tid = -1
    x = 0
    !$omp target teams distribute parallel do num_threads(lim) map(from: nt, tid) map(tofrom: x)
    do i = 1, n
      nt(i) = omp_get_num_threads()
      tid(i) = omp_get_thread_num()
      x(i) = x(i) + i
    end do
    print *, lim, all(nt >= 1 .and. nt <= lim), all(tid >= 0 .and. tid < lim), sum(x)
  end do
  !$omp target teams distribute parallel do num_threads(8) thread_limit(2) map(from: nt, tl)
  do i = 1, n
    nt(i) = omp_get_num_threads()
    tl(i) = omp_get_thread_limit()
  end do
  print *, all(nt <= 2), all(tl >= 1 .and. tl <= 2)
  do k = 0, 1
    !$omp target teams distribute parallel do if(parallel: k == 1) num_threads(4) map(from: nt)
    do i = 1, n
      nt(i) = omp_get_num_threads()
    end do
    ! (With `if(parallel: .true.)` the team may have 1 to 4 threads: one on the host
    ! device, whose teams run on one thread each.)
    print *, k, count(nt == 1) == n .or. k == 1, all(nt <= 4)
  end do
end program
