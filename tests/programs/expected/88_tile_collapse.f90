! `tile` and `collapse` on one loop (gfortran 12 rejects the pair): `collapse` counts the
! loops `tile` tiles, whose tile loops and element loops are each collapsed. The sums are
! those of the same loops without directives (gfortran): 2328, 86, 11 for the first
! nest, 3255 for the second, 168 for the reduction.
program tile_collapse
  implicit none
  integer :: a(8, 6), b(5, 7, 6), i, j, k, s
  a = 0
  !$acc parallel loop tile(2, 3) collapse(2) copy(a)
  do i = 1, 8
    do j = 1, 6
      a(i, j) = 10 * i + j
    end do
  end do
  print '(3i8)', sum(a), a(8, 6), a(1, 1)

  b = 0
  !$acc parallel
  !$acc loop collapse(3) tile(4, *, 2) gang vector
  do k = 1, 6
    do j = 1, 7
      do i = 1, 5
        b(i, j, k) = i * j + k
      end do
    end do
  end do
  !$acc end parallel
  print '(i8)', sum(b)

  s = 0
  !$acc parallel loop gang worker vector tile(3, 2) collapse(2) reduction(+:s)
  do i = 1, 8
    do j = 1, 6
      s = s + a(i, j) - 10 * i
    end do
  end do
  print '(i8)', s
end program tile_collapse
