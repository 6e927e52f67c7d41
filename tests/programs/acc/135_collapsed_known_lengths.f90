! Collapsed nests of known lengths: the indices come back from the flattened iteration by
! a division and a remainder by constants, and the flattened loop runs without a trip
! count. Non-unit and negative steps, lower bounds other than 1, collapse(3) over gangs,
! workers and vector lanes, `cycle` of the inner loop, and a gang-only nest.
program collapsed_known_lengths
  implicit none
  integer :: a(-3:20, 5:17), c(7, 6, 5), m(40, 30), i, j, k, s
  a = 0
  !$acc parallel loop collapse(2) copy(a)
  do j = 17, 5, -2
    do i = -3, 20, 3
      a(i, j) = i + 1000 * j
    end do
  end do
  print '(a, 2i10)', 'steps', sum(a), count(a /= 0)

  c = 0
  !$acc parallel loop gang worker vector collapse(3) num_workers(2) copy(c)
  do k = 1, 5
    do j = 1, 6
      do i = 1, 7
        if (mod(i + j + k, 4) == 0) cycle
        c(i, j, k) = i + 10 * j + 100 * k
      end do
    end do
  end do
  print '(a, 2i10)', 'three', sum(c), count(c == 0)

  s = 0
  !$acc parallel loop gang collapse(2) num_gangs(3) copyout(m) reduction(+:s)
  do j = 1, 30
    do i = 1, 40
      m(i, j) = mod(i * j, 11)
      s = s + m(i, j)
    end do
  end do
  print '(a, 2i10)', 'gang', s, sum(m(:, 30))
end program collapsed_known_lengths
