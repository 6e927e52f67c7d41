! Allocatable components of derived type, nested as CloverLeaf's
! chunk%tiles(t)%field%density0: allocate at every level, element references,
! whole-array operations, allocated() at every depth, deallocation of a level
! that holds allocated components, re-allocation.
module defs_m
  implicit none
  type :: field_type
    real(8), allocatable :: density0(:, :), energy0(:, :)
    real(8), allocatable :: cellx(:)
  end type
  type :: tile_type
    type(field_type) :: field
    integer :: t_xmin, t_xmax, t_ymin, t_ymax
  end type
  type :: chunk_type
    integer :: task
    real(8), allocatable :: left_snd_buffer(:)
    type(tile_type), dimension(:), allocatable :: tiles
    integer :: x_min, x_max
  end type
  type(chunk_type) :: chunk
end module

program nested_alloc_comps
  use defs_m
  implicit none
  integer :: t, j, k
  print *, allocated(chunk%tiles), allocated(chunk%left_snd_buffer)
  chunk%task = 3
  allocate(chunk%tiles(2))
  print *, allocated(chunk%tiles), size(chunk%tiles), lbound(chunk%tiles), ubound(chunk%tiles)
  print *, allocated(chunk%tiles(1)%field%density0), allocated(chunk%tiles(2)%field%cellx)
  do t = 1, 2
    chunk%tiles(t)%t_xmin = 1
    chunk%tiles(t)%t_xmax = 2 + t
    chunk%tiles(t)%t_ymin = 0
    chunk%tiles(t)%t_ymax = t
    allocate(chunk%tiles(t)%field%density0(chunk%tiles(t)%t_xmin - 2:chunk%tiles(t)%t_xmax + 2, &
                                           chunk%tiles(t)%t_ymin:chunk%tiles(t)%t_ymax))
    allocate(chunk%tiles(t)%field%cellx(0:chunk%tiles(t)%t_xmax))
  end do
  do t = 1, 2
    print *, t, lbound(chunk%tiles(t)%field%density0), ubound(chunk%tiles(t)%field%density0), &
      size(chunk%tiles(t)%field%cellx)
    do k = chunk%tiles(t)%t_ymin, chunk%tiles(t)%t_ymax
      do j = chunk%tiles(t)%t_xmin - 2, chunk%tiles(t)%t_xmax + 2
        chunk%tiles(t)%field%density0(j, k) = 100 * t + 10 * k + j
      end do
    end do
    chunk%tiles(t)%field%cellx = [(0.5d0 * j, j = 0, chunk%tiles(t)%t_xmax)]
  end do
  print *, sum(chunk%tiles(1)%field%density0), sum(chunk%tiles(2)%field%density0)
  print *, chunk%tiles(2)%field%density0(3, :)
  print *, chunk%tiles(1)%field%cellx
  print *, maxval(chunk%tiles(2)%field%cellx), allocated(chunk%tiles(1)%field%energy0)
  call kernel(chunk%tiles(2)%field%density0, chunk%tiles(2)%t_xmin - 2, chunk%tiles(2)%t_xmax + 2, &
              chunk%tiles(2)%t_ymin, chunk%tiles(2)%t_ymax)
  print *, chunk%tiles(2)%field%density0(:, 1)
  deallocate(chunk%tiles(1)%field%density0)
  print *, allocated(chunk%tiles(1)%field%density0), allocated(chunk%tiles(2)%field%density0)
  ! Deallocating the tiles frees the fields they hold.
  deallocate(chunk%tiles)
  print *, allocated(chunk%tiles)
  allocate(chunk%tiles(0:3))
  print *, lbound(chunk%tiles), ubound(chunk%tiles), allocated(chunk%tiles(0)%field%density0), &
    allocated(chunk%tiles(3)%field%cellx), chunk%task
contains
  subroutine kernel(d, x0, x1, y0, y1)
    integer, intent(in) :: x0, x1, y0, y1
    real(8), intent(inout) :: d(x0:x1, y0:y1)
    integer :: j, k
    do k = y0, y1
      do j = x0, x1
        d(j, k) = d(j, k) * 2 - k
      end do
    end do
  end subroutine
end program
