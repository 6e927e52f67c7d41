! Kernels that reference allocatable members through module structures and constant
! subscripts (CloverLeaf's `chunk%tiles(1)%field%density0(j, k)`) and through a derived-type
! dummy (`f%density0(j, k)`), with no data clause: each allocatable component on the path is
! mapped implicitly and attached, so the kernel works on device copies.
module defs
  implicit none
  type field_type
    real(8), allocatable :: density0(:,:)
  end type
  type tile_type
    type(field_type) :: field
  end type
  type chunk_type
    type(tile_type), allocatable :: tiles(:)
  end type
  type(chunk_type) :: chunk
end module
program member_paths
  use defs
  implicit none
  integer :: j, k
  allocate(chunk%tiles(2))
  allocate(chunk%tiles(1)%field%density0(3,2))
  chunk%tiles(1)%field%density0 = 1
  !$acc parallel loop collapse(2)
  do k = 1, 2
    do j = 1, 3
      chunk%tiles(1)%field%density0(j,k) = chunk%tiles(1)%field%density0(j,k) + 10*k + j
    end do
  end do
  print '(3f6.1)', chunk%tiles(1)%field%density0
  call sub(chunk%tiles(1)%field)
  print '(3f6.1)', chunk%tiles(1)%field%density0
contains
  subroutine sub(f)
    type(field_type), intent(inout) :: f
    !$acc parallel loop collapse(2)
    do k = 1, 2
      do j = 1, 3
        f%density0(j,k) = 2 * f%density0(j,k)
      end do
    end do
  end subroutine
end program
