! gang(static: k) and gang(static: *) on gang loops of parallel and kernels constructs, with
! collapse, worker and vector levels, reductions, negative steps and a chunk size from a
! variable: every iteration runs once whatever the chunks.
program gang_static
  implicit none
  integer, parameter :: n = 103, m = 7
  integer :: a(n), b(m, n), i, j, k, s, cnt(n)
  a = 0; b = 0; s = 0; cnt = 0
  k = 5
  !$acc parallel loop gang(static:k) copy(a)
  do i = 1, n
    a(i) = a(i) + i
  end do
  !$acc parallel loop gang(static:*) vector copy(cnt)
  do i = 1, n
    cnt(i) = cnt(i) + 1
  end do
  !$acc parallel loop gang(static:4) collapse(2) copy(b) reduction(+:s)
  do i = 1, n
    do j = 1, m
      b(j, i) = b(j, i) + i * j
      s = s + 1
    end do
  end do
  !$acc parallel num_gangs(3) copy(a)
  !$acc loop gang(static:2) worker
  do i = 1, n, 3
    a(i) = -a(i)
  end do
  !$acc end parallel
  !$acc kernels copy(cnt)
  !$acc loop gang(static:16)
  do i = n, 1, -2
    cnt(i) = cnt(i) + 10
  end do
  !$acc end kernels
  print *, sum(a), a(1), a(2), a(n), sum(cnt), cnt(1), cnt(2), sum(b), s
end program gang_static
