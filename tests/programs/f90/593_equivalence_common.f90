! `equivalence` with common blocks: a local array overlaying common members, a block
! extended at its end by an equivalence, and another unit seeing the whole storage.
program equivalence_common
  implicit none
  integer :: k1, k2, kk(4)
  real :: x, y, both(2)
  common /cb/ k1, k2
  common /rs/ x, y
  equivalence (k2, kk(1))
  equivalence (both, x)
  k1 = 1; k2 = 2
  kk(2) = 5; kk(3) = 6; kk(4) = 7
  call show
  both(2) = 4.5
  x = -1.0
  print *, x, y, both
end program

subroutine show
  integer :: m(5)
  common /cb/ m
  print *, m
end subroutine
