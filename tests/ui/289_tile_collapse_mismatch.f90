! `tile` and `collapse` on one loop must count the same loops: here `collapse(3)` beside a
! `tile` with two sizes, and `tile` with three sizes after `collapse(2)`.
program tile_collapse_mismatch
  implicit none
  integer :: a(4, 4, 4), i, j, k
  !$acc parallel loop tile(2, 2) collapse(3) copyout(a)
  do k = 1, 4
    do j = 1, 4
      do i = 1, 4
        a(i, j, k) = i + j + k
      end do
    end do
  end do
  !$acc parallel loop collapse(2) tile(2, 2, 2) copy(a)
  do k = 1, 4
    do j = 1, 4
      do i = 1, 4
        a(i, j, k) = a(i, j, k) + 1
      end do
    end do
  end do
  print *, sum(a)
end program tile_collapse_mismatch
