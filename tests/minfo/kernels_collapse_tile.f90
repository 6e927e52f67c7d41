! -Minfo=accel: the dependence test on `collapse` and `tile` nests in `kernels` (each loop
! of the nest must be independent): two proved nests, one with a dependence in the inner
! loop.
program kernels_collapse_tile
  implicit none
  integer :: a(24, 18), i, j
  !$acc kernels copyout(a)
  !$acc loop collapse(2)
  do j = 1, 18
    do i = 1, 24
      a(i, j) = i + j
    end do
  end do
  !$acc loop tile(4, 3)
  do j = 1, 18
    do i = 1, 24
      a(i, j) = 2 * a(i, j)
    end do
  end do
  !$acc end kernels
  !$acc kernels copy(a)
  !$acc loop tile(2, 2)
  do j = 1, 18
    do i = 2, 24
      a(i, j) = a(i - 1, j) + 2
    end do
  end do
  !$acc end kernels
end program kernels_collapse_tile
