! Module arrays of derived types in the module's object, as gfortran lays them out:
! default initialisation of components (scalars, arrays, character, nested types) in the
! initial bytes, allocatable components unallocated at start and allocated, reallocated
! and freed through the module array, a structure with a constructor's value, and a
! rank-2 array of structures used by several units; an element reset through an
! `intent(out)` polymorphic dummy.
module particles
  implicit none
  type vec
    real(8) :: x = 1d0, y = -1d0
  end type vec
  type particle
    integer :: id = -1
    character(len=4) :: tag = 'none'
    type(vec) :: pos
    real :: hist(3) = [0.5, 1.5, 2.5]
    integer, allocatable :: trail(:)
  end type particle
  type plain
    integer :: a
    real(8) :: b(2)
  end type plain
  type(particle) :: ps(3)
  type(plain) :: grid(2, 2)
  type(vec) :: origin = vec(3d0, 4d0)
  type(particle) :: single
contains
  subroutine launch(k, n)
    integer, intent(in) :: k, n
    integer :: j
    ps(k)%id = 10 * k
    ps(k)%tag = 'p' // achar(48 + k)
    ps(k)%pos = vec(dble(k), origin%y)
    allocate(ps(k)%trail(n))
    ps(k)%trail = [(j * k, j = 1, n)]
  end subroutine launch
end module particles

subroutine show()
  use particles
  implicit none
  integer :: k
  do k = 1, 3
    write(*, '(i4, 1x, a4, 2f6.1, 3f5.1, l2)', advance='no') ps(k)%id, ps(k)%tag, ps(k)%pos, ps(k)%hist, allocated(ps(k)%trail)
    if (allocated(ps(k)%trail)) then
      print '(i3, i5)', size(ps(k)%trail), sum(ps(k)%trail)
    else
      print '(a)', ' -'
    end if
  end do
end subroutine show

program module_struct_arrays
  use particles
  implicit none
  integer :: i, j
  call show()
  print '(2f6.1, i4, 1x, a4, l2)', origin, single%id, single%tag, allocated(single%trail)
  call launch(2, 4)
  call launch(3, 2)
  call show()
  ! Reallocation on assignment and deallocation through the module array.
  ps(3)%trail = [ps(3)%trail, 100]
  deallocate(ps(2)%trail)
  ps(1)%hist(2) = -8
  call show()
  do j = 1, 2
    do i = 1, 2
      grid(i, j) = plain(10 * i + j, [dble(i), dble(j) / 2])
    end do
  end do
  print '(4(i4, 2f5.1))', grid
  print *, storage_size(ps) / 8, storage_size(grid) / 8, size(grid)
  ! An `intent(out)` polymorphic dummy gets its type's default values (the allocatable
  ! component freed).
  call wipe(ps(3))
  call show()
contains
  subroutine wipe(x)
    class(particle), intent(out) :: x
    x%tag = 'gone'
  end subroutine wipe
end program module_struct_arrays
