! The end of a worker or vector loop is a join: the gang's threads wait there, so code after
! the loop (single code of the gang's leader, or the next loop) reads what every thread
! of the loop wrote. The sim device runs lanes as fibers that switch only at rendezvous,
! so a missing join reads stale values there.
program loop_join_sync
  implicit none
  integer, parameter :: n = 64
  integer :: out(n), w(n, 4), m(n, 4), first(4), c(n), d(8), i, j

  !$acc parallel num_gangs(1) copyout(out)
  !$acc loop
  do i = 1, n
    out(i) = i + 1
  end do
  out(1) = out(n) + out(n / 2)
  !$acc end parallel
  print '(16i5)', out

  !$acc parallel loop gang copyout(w, m, first)
  do i = 1, 4
    !$acc loop vector
    do j = 1, n
      w(j, i) = j * i
    end do
    first(i) = w(n, i)
    !$acc loop vector
    do j = 1, n
      m(j, i) = w(n + 1 - j, i) + first(i)
    end do
  end do
  print '(16i5)', m(1:16, :), first

  !$acc parallel num_gangs(2) num_workers(4) vector_length(32) copyout(w, m)
  !$acc loop gang
  do i = 1, 4
    !$acc loop worker
    do j = 1, n
      w(j, i) = j + 100 * i
    end do
    !$acc loop worker vector
    do j = 1, n
      m(j, i) = w(n + 1 - j, i)
    end do
  end do
  !$acc end parallel
  print '(16i5)', m(1:16, :)

  ! A worker loop filling the gang's private array, then the gang's leader reading it.
  d = 0
  !$acc parallel num_gangs(4) num_workers(4) private(c) copy(d)
  !$acc loop gang
  do i = 1, 8
    !$acc loop worker
    do j = 1, n
      c(j) = i * j
    end do
    !$acc loop seq
    do j = 1, n
      d(i) = d(i) + c(j)
    end do
  end do
  !$acc end parallel
  print '(8i6)', d
end program loop_join_sync
