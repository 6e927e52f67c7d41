! Manual deep copy of a nested structure on a device with its own memory (sim): the
! module structure, its allocatable array of structures, and one element's allocatable
! member, each entered and attached to the level above; the kernel reaches the member's
! device copy through the device copies of both levels, so the host sees the result only
! after `update self`. On the host device the copies are one.
module nested_defs
  implicit none
  type field_type
    integer, allocatable :: density0(:)
  end type
  type tile_type
    integer :: id
    type(field_type) :: field
  end type
  type chunk_type
    type(tile_type), allocatable :: tiles(:)
  end type
  type(chunk_type) :: chunk
end module

program member_nested
  use nested_defs
  implicit none
  integer :: j
  allocate(chunk%tiles(2))
  allocate(chunk%tiles(2)%field%density0(4))
  chunk%tiles(2)%field%density0 = [1, 2, 3, 4]
  !$acc enter data copyin(chunk)
  !$acc enter data copyin(chunk%tiles)
  !$acc enter data copyin(chunk%tiles(2)%field%density0)
  !$acc parallel loop present(chunk)
  do j = 1, 4
    chunk%tiles(2)%field%density0(j) = chunk%tiles(2)%field%density0(j) * 100
  end do
  print '(a, 4i5)', 'host copy: ', chunk%tiles(2)%field%density0
  !$acc update self(chunk%tiles(2)%field%density0)
  print '(a, 4i5)', 'updated:   ', chunk%tiles(2)%field%density0
  !$acc exit data delete(chunk%tiles(2)%field%density0)
  !$acc exit data delete(chunk%tiles)
  !$acc exit data delete(chunk)
  print *, allocated(chunk%tiles), allocated(chunk%tiles(2)%field%density0)
end program
