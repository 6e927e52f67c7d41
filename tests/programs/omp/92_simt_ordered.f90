! flags: -fopenmp
! `ordered` in `simd` loops lowered to SIMT (seed 004): the lanes take turns in a vote loop
! (VOTE_ANY, ORDERED_PRED), so the ordered statements run in the order of the iterations:
! a running sum, a log of the iteration order, with statements before and after the
! ordered part and trip counts that leave lanes idle in the last round.
program simt_ordered
  implicit none
  integer, parameter :: n = 203
  integer :: i, k, run, m
  integer :: a(n), pre(n), seq(n), post(n)
  do i = 1, n
    a(i) = mod(i * 29, 61)
  end do
  pre = 0; seq = 0; post = 0; k = 0; run = 0
  !$omp target map(to: a) map(tofrom: pre, seq, post, k, run)
  !$omp simd
  do i = 1, n
    post(i) = a(i) * 2
    !$omp ordered simd
    run = run + a(i)
    pre(i) = run
    k = k + 1
    seq(k) = i
    !$omp end ordered
    post(i) = post(i) + pre(i)
  end do
  !$omp end target
  print '(4i10)', run, k, sum(pre), sum(post)
  print '(10i5)', seq(1:10)
  print '(10i5)', seq(n-9:n)
  print '(10i7)', pre(190:199)
  ! `target simd` with `ordered`, several trip counts.
  do m = 1, 70, 23
    run = 0
    !$omp target simd map(to: a) map(tofrom: run, pre)
    do i = 1, m
      !$omp ordered simd
      run = run * 3 + a(i)
      run = mod(run, 100003)
      pre(i) = run
      !$omp end ordered
    end do
    print '(i4, 2i10)', m, run, sum(pre(1:m))
  end do
end program
