! Collapsed loops (run as nested loops on the host device, flattened on sim): steps of
! either sign, empty and one-trip dimensions, 3 levels, integer(8) indices, several gangs,
! cycle of the inner and of the outer loop, and reductions.
program collapse_nested
  implicit none
  integer, parameter :: n = 7, m = 5
  integer :: a(n, m), c(4, 3, 6), i, j, k, s, mx, cnt
  integer(8) :: i8, j8, s8
  a = 0
  !$acc parallel loop collapse(2) copy(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = 10 * i + j
    end do
  end do
  print *, sum(a), a(n, m), a(1, 1)
  s = 0
  mx = -1
  !$acc parallel loop collapse(2) reduction(+:s) reduction(max:mx) copyin(a) num_gangs(3)
  do j = m, 1, -2
    do i = 2, n, 3
      s = s + a(i, j) * i
      mx = max(mx, a(i, j) - j)
    end do
  end do
  print *, s, mx
  c = 0
  !$acc parallel loop collapse(3) copy(c) num_gangs(4)
  do k = 6, 1, -1
    do j = 1, 3
      do i = 1, 4
        c(i, j, k) = i + 10 * j + 100 * k
      end do
    end do
  end do
  print *, sum(c), c(4, 3, 6), c(1, 2, 3)
  s = 0
  cnt = 0
  !$acc parallel loop collapse(2) reduction(+:s, cnt) copyin(a)
  do j = 1, m
    do i = 1, n
      if (mod(i + j, 3) == 0) cycle
      s = s + a(i, j)
      cnt = cnt + 1
    end do
  end do
  print *, s, cnt
  ! Empty inner dimension, empty outer dimension, one trip each.
  s = 0
  !$acc parallel loop collapse(2) reduction(+:s)
  do j = 1, 4
    do i = 3, 2
      s = s + 1
    end do
  end do
  !$acc parallel loop collapse(2) reduction(+:s)
  do j = 5, 1
    do i = 1, 3
      s = s + 1
    end do
  end do
  !$acc parallel loop collapse(2) reduction(+:s)
  do j = 2, 2
    do i = 9, 9
      s = s + i * j
    end do
  end do
  print *, s
  s8 = 0
  !$acc parallel loop collapse(2) reduction(+:s8)
  do j8 = 1_8, 3_8
    do i8 = 1_8, 3000000000_8, 1000000000_8
      s8 = s8 + i8 * j8
    end do
  end do
  print *, s8
end program
