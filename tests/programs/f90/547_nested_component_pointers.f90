! Pointers reached through components of array elements of components: => , nullify,
! associated, array pointer components as targets; allocate/deallocate with stat=.
module nested_ptrs
  implicit none
  type node
    integer :: v
    type(node), pointer :: next => null()
    integer, pointer :: arr(:) => null()
  end type
  type wrap
    type(node) :: items(3)
  end type
end module
program nested_component_pointers
  use nested_ptrs
  implicit none
  integer, pointer :: pc(:)
  real, dimension(:), pointer :: rp
  integer, target :: t(6)
  type(wrap), target :: w
  type(node), pointer :: np
  integer :: ierr
  t = [1,2,3,4,5,6]
  pc => t
  allocate(rp(3), stat=ierr)
  rp = 1.5
  print *, ierr, rp, pc
  deallocate(rp, stat=ierr)
  w%items(2)%v = 7
  np => w%items(2)
  print *, np%v
  w%items(1)%next => w%items(2)
  print *, associated(w%items(1)%next), w%items(1)%next%v
  nullify(w%items(1)%next)
  w%items(3)%arr => t(2:6:2)
  print *, w%items(3)%arr, associated(w%items(3)%arr, t(2:6:2))
  pc => w%items(3)%arr
  print *, pc
end program
