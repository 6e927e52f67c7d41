! `tile` as real tiling: tiles on gang, the elements of a tile on vector or worker (gfortran
! 12 refuses gang, worker and vector together on a tiled loop: expected/77 has that); trip
! counts the sizes do not divide, `tile(*)`, steps other than 1, three tiled loops,
! reductions over both groups of loops, private scalars, `cycle`, tiled loops inside a gang
! loop, `kernels loop`, and a sequential tiled nest. Every result equals the untiled loop's.
program tile_test
  implicit none
  integer, parameter :: n = 13, m = 10
  integer :: a(n, m), b(n, m), c(4, 5, 6), v(50), i, j, k, s, mx, t
  integer :: w(6, 7, 8)

  !$acc parallel loop tile(4, 4) copyout(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i + 100 * j
    end do
  end do
  print *, 'a', sum(a), a(13, 10), a(1, 1), a(5, 7)

  !$acc parallel loop tile(*, *) copyout(b)
  do j = 1, m
    do i = 1, n
      b(i, j) = 3 * i - j
    end do
  end do
  print *, 'b', sum(b), b(13, 10), b(2, 9)

  s = 0
  mx = -1
  !$acc parallel loop gang vector tile(3, 2) reduction(+:s) reduction(max:mx) copyin(a)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j)
      mx = max(mx, a(i, j) - i * j)
    end do
  end do
  print *, 'reductions', s, mx

  v = 0
  !$acc parallel loop gang vector tile(8) copy(v)
  do i = 50, 3, -2
    v(i) = i * i
  end do
  print *, 'v', sum(v), v(50), v(4), v(3)

  c = 0
  !$acc parallel loop gang worker tile(2, 3, 2) copy(c)
  do k = 2, 6
    do j = 1, 5
      do i = 4, 1, -1
        c(i, j, k) = i + 10 * j + 100 * k
      end do
    end do
  end do
  print *, 'c', sum(c), c(4, 5, 6), c(1, 1, 2), c(1, 1, 1)

  b = 0
  !$acc parallel loop tile(5, 2) private(t) copyin(a) copy(b)
  do j = 1, m
    do i = 1, n
      t = a(i, j) * 2
      if (mod(i + j, 3) == 0) cycle
      b(i, j) = t + 1
    end do
  end do
  print *, 'private+cycle', sum(b), b(1, 1), b(2, 1)

  w = 0
  !$acc parallel copy(w)
  !$acc loop gang
  do k = 1, 8
    !$acc loop vector tile(4, 2)
    do j = 1, 7
      do i = 1, 6
        w(i, j, k) = i * j + k
      end do
    end do
  end do
  !$acc end parallel
  print *, 'inner vector tile', sum(w), w(6, 7, 8)

  w = 0
  !$acc parallel copy(w) num_workers(4)
  !$acc loop gang
  do k = 1, 8
    !$acc loop worker tile(2, 2)
    do j = 1, 7
      do i = 1, 6
        w(i, j, k) = i - j * k
      end do
    end do
  end do
  !$acc end parallel
  print *, 'inner worker tile', sum(w), w(6, 7, 8)

  !$acc kernels loop independent tile(4, 8) copyout(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * j
    end do
  end do
  print *, 'kernels', sum(a), a(13, 10)

  s = 0
  !$acc serial loop tile(2, 2) reduction(+:s) copyin(a)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j)
    end do
  end do
  print *, 'serial', s

  s = 0
  !$acc parallel loop gang tile(4, 4) reduction(+:s) copyin(a)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j) * mod(i, 3)
    end do
  end do
  print *, 'gang only', s
end program tile_test
