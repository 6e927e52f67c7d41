! `tile` on `gang worker vector` loops (OpenACC 3.3 puts gang and worker on the tile loops,
! vector on the elements; gfortran 12 refuses the combination), with a reduction over both
! groups, a private array per element iteration, and `tile(*, *, *)`. The expected output
! is the sequential program's (gfortran without -fopenacc prints the same).
program tile_gang_worker_vector
  implicit none
  integer, parameter :: n = 37, m = 11
  integer :: a(n, m), d(9, 10, 11), tmp(3), i, j, k, s

  s = 0
  !$acc parallel loop gang worker vector tile(4, 3) num_workers(2) vector_length(32) &
  !$acc& copyout(a) reduction(+:s)
  do j = 1, m
    do i = 1, n
      a(i, j) = i * j - 7
      s = s + a(i, j)
    end do
  end do
  print *, 'a', sum(a), s, a(37, 11), a(1, 1)

  a = 0
  !$acc parallel loop gang worker vector tile(2, 2) private(tmp) copy(a)
  do j = 1, m
    do i = 1, n
      tmp(1) = i
      tmp(2) = j
      tmp(3) = tmp(1) * tmp(2)
      a(i, j) = tmp(3) + tmp(1) - tmp(2)
    end do
  end do
  print *, 'private', sum(a), a(37, 11), a(5, 3)

  !$acc parallel loop gang worker vector tile(*, *, *) copyout(d)
  do k = 1, 11
    do j = 1, 10
      do i = 1, 9
        d(i, j, k) = i + 10 * j + 100 * k
      end do
    end do
  end do
  print *, 'd', sum(d), d(9, 10, 11), d(1, 1, 1)
end program tile_gang_worker_vector
