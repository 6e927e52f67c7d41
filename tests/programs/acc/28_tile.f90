! Tests: the tile clause on parallel loop, kernels loop and serial loop nests (2 and 3
! deep); tiling changes the order of iterations, never the results.
program tile
  implicit none
  integer, parameter :: n = 37, m = 29, p = 5
  integer :: a(n, m), b(n, m, p), i, j, k, s
  !$acc parallel loop tile(8, 4) copyout(a)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * 100 + j
    end do
  end do
  !$acc kernels loop tile(2, 3, 4) copyout(b)
  do k = 1, p
    do j = 1, m
      do i = 1, n
        b(i, j, k) = i + j * k
      end do
    end do
  end do
  s = 0
  !$acc serial loop tile(*, *) copyin(a) reduction(+:s)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j)
    end do
  end do
  print *, a(1, 1), a(n, m), b(n, m, p), sum(b), s
end program tile
