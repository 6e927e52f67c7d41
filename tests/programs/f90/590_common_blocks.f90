! Common blocks: named and blank, members of every intrinsic type, bounds given in the
! common statement, a block continued by a second statement, different names and shapes
! for the same storage in another unit, `save /blk/`, and host association.
program common_blocks
  implicit none
  integer :: i, n
  real(8) :: d
  real :: x(3)
  character(5) :: c
  logical :: flag
  complex :: z
  integer :: grid
  common /blk/ i, d, c
  common /blk/ flag, z
  common x, n
  common /g/ grid(2, 3)
  save /g/
  integer :: k
  i = 3; d = 2.5d0; c = 'hello'; flag = .true.; z = (1.0, -2.0)
  x = [1.0, 2.0, 3.0]; n = 7
  grid = reshape([(k, k = 1, 6)], [2, 3])
  call show
  print *, i, d, c, flag, z
  print *, x, n
  call flat
  print *, grid(:, 2)
  call bump
  print *, 'after bump', i, x(3)
contains
  subroutine bump
    i = i + 100
    x(3) = x(3) * 2
  end subroutine
end program

subroutine show
  integer :: j, m
  real(8) :: e
  real :: y(3)
  character(5) :: cc
  logical :: l
  complex :: w
  common /blk/ j, e, cc, l, w
  common y, m
  print *, j, e, cc, l, w
  print *, y, m
  j = j + 1
  y(2) = 10.0
  cc(1:1) = 'J'
  w = conjg(w)
end subroutine

subroutine flat
  integer :: all(6)
  common /g/ all
  print *, all
  all(3:4) = -all(3:4)
end subroutine
