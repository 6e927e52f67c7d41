! tile inside routines: a routine worker's loop without a level takes the worker and
! vector levels for its tiles and their elements, a routine gang's `gang vector tile`
! spreads its tiles over the gangs of the calling construct.
module tile_routines_mod
  implicit none
contains
  subroutine tiled(a, n, m)
    !$acc routine worker
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    integer :: i, j
    !$acc loop tile(4, 8)
    do j = 1, m
      do i = 1, n
        a(i, j) = a(i, j) + i * j
      end do
    end do
  end subroutine tiled
  subroutine gtiled(a, n, m)
    !$acc routine gang
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    integer :: i, j
    !$acc loop gang vector tile(8, 2)
    do j = 1, m
      do i = 1, n
        a(i, j) = a(i, j) * 2
      end do
    end do
  end subroutine gtiled
end module tile_routines_mod
program routine_tile
  use tile_routines_mod
  implicit none
  integer :: a(30, 20, 2), k
  a = 1
  !$acc parallel loop gang copy(a)
  do k = 1, 2
    call tiled(a(1, 1, k), 30, 20)
  end do
  print *, sum(a), a(30, 20, 2)
  !$acc parallel copy(a)
  call gtiled(a, 30, 40)
  !$acc end parallel
  print *, sum(a), a(30, 20, 2)
end program routine_tile
