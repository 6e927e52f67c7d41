! Collapsed nests and reductions on partitioned loops whose threads take blocks of the
! flattened space (the sim device): each thread's block starts and ends inside rows, so the
! nested loops it runs begin and end part-way; lengths that do not divide by the thread
! count, negative steps, empty inner ranges, `cycle` of the outer and inner loops, and
! reductions of every operator (exact data) at the vector, worker and gang levels.
program lane_blocks_collapse_reductions
  implicit none
  integer :: a(37, 29), c(5, 7, 11), i, j, k, s, mx, mn, ia, io, ix, cnt, lo
  real(8) :: r, p
  a = 0
  !$acc parallel loop gang vector collapse(2) num_gangs(3) vector_length(32) copy(a)
  do j = 29, 1, -1
    do i = 1, 37
      a(i, j) = a(i, j) + i + 100 * j
    end do
  end do
  print '(a, i10, i6)', 'collapse2', sum(a), count(a == 0)

  c = 0
  !$acc parallel loop worker vector collapse(3) num_workers(3) vector_length(64) copy(c)
  do k = 11, 1, -2
    do j = 1, 7, 3
      do i = 5, 1, -1
        if (i == 3) cycle
        c(i, j, k) = c(i, j, k) + i + 10 * j + 100 * k
      end do
    end do
  end do
  print '(a, i10, i6)', 'collapse3', sum(c), count(c /= 0)

  a = 0
  lo = 1
  !$acc parallel loop gang worker vector collapse(2) num_gangs(2) num_workers(2) copy(a)
  do j = 1, 29
    do i = lo, 37
      if (mod(j, 4) == 0) cycle
      a(i, j) = 1
    end do
  end do
  print '(a, i10)', 'cycle outer', sum(a)

  s = 0; mx = -huge(1); mn = huge(1); ia = -1; io = 0; ix = 0; cnt = 0
  r = 0; p = 1
  !$acc parallel loop gang vector collapse(2) num_gangs(4) vector_length(64) &
  !$acc   reduction(+:s, r, cnt) reduction(max:mx) reduction(min:mn) reduction(iand:ia) &
  !$acc   reduction(ior:io) reduction(ieor:ix) reduction(*:p)
  do j = 1, 29
    do i = 1, 37
      s = s + i * j
      mx = max(mx, i * 31 - j * 7)
      mn = min(mn, i * 31 - j * 7)
      ia = iand(ia, not(ishft(1, mod(i + j, 30))))
      io = ior(io, ishft(1, mod(i * j, 29)))
      ix = ieor(ix, i * 1000 + j)
      r = r + 0.5d0 ** mod(i, 4)
      if (mod(i + j, 17) == 0) p = p * 2.0d0
      cnt = cnt + 1
    end do
  end do
  print '(a, 7i12)', 'reductions', s, mx, mn, ia, io, ix, cnt
  print '(a, f16.4, es16.8)', 'real', r, p

  s = 0
  cnt = 0
  !$acc parallel loop gang num_gangs(3) reduction(+:s, cnt)
  do j = 1, 29
    !$acc loop worker reduction(+:s, cnt)
    do k = 1, j
      !$acc loop vector reduction(+:s, cnt)
      do i = k, 37, 2
        s = s + i - k + j
        cnt = cnt + 1
      end do
    end do
  end do
  print '(a, 2i12)', 'nested levels', s, cnt
end program lane_blocks_collapse_reductions
