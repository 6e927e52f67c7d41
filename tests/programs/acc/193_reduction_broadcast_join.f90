! Neutering around reductions: a vector reduction's variable set by vector-single code
! (not broadcast: every lane but 0 takes the identity at once) keeps that start value, for
! `+` and `max`, integer and real(8), two reductions in one loop, a worker-vector reduction
! (the worker-level broadcast left out too); and after a vector reduction's butterfly (no
! join of its own any more) the vector-single code reads what other lanes stored in the
! loop, and the next vector loop reads the previous one's stores.
program reduction_broadcast_join
  implicit none
  integer, parameter :: n = 8, m = 100
  integer :: i, j, k, si, mx, chk(n, n), tot(n)
  real(8) :: s, w(m, n, n), rows(n, n), last(n, n), wv(n)
  !$acc parallel loop gang num_workers(4) private(s, si, mx) copyout(rows, chk, last, w)
  do k = 1, n
    !$acc loop worker private(s, si, mx)
    do j = 1, n
      s = real(k * 100 + j, 8)
      si = k - j
      mx = -1000 + k
      !$acc loop vector reduction(+:s, si) reduction(max:mx)
      do i = 1, m
        w(i, j, k) = real(i + j, 8)
        s = s + w(i, j, k)
        si = si + i
        mx = max(mx, mod(i * 7 + j, 53))
      end do
      rows(j, k) = s
      chk(j, k) = si * 1000 + mx
      last(j, k) = w(m, j, k) + w(1, j, k) + w(m / 2 + 1, j, k)
      !$acc loop vector
      do i = 1, m
        w(i, j, k) = w(m + 1 - i, j, k) * 2.0d0
      end do
    end do
  end do
  !$acc parallel loop gang num_workers(4) vector_length(32) private(s) copyout(wv, tot)
  do k = 1, n
    s = real(k, 8) * 0.5d0
    !$acc loop worker vector reduction(+:s)
    do i = 1, m * 3
      s = s + real(mod(i, 11), 8)
    end do
    wv(k) = s
    tot(k) = int(s * 2.0d0)
  end do
  print '(8F9.1)', rows
  print '(8I8)', chk
  print '(8F7.1)', last
  print '(8F7.1)', w(1, :, 1), w(m, :, n)
  print '(8F8.1)', wv
  print '(8I6)', tot
end program reduction_broadcast_join
