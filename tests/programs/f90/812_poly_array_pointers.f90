! Local polymorphic array pointers: pointing at arrays and sections of extensions (their
! element size and vtab), at polymorphic arrays, `allocate` with a type spec and
! `source=`, dispatch per element, passing them to `class` array dummies, `select type`,
! `nullify` and `deallocate`.
module pets
  implicit none
  type :: pet
    integer :: age = 1
  contains
    procedure :: sound
  end type
  type, extends(pet) :: dog
    integer :: tricks = 0
    real(8) :: weight = 10.0d0
  contains
    procedure :: sound => bark
  end type
contains
  integer function sound(self)
    class(pet), intent(in) :: self
    sound = self%age
  end function
  integer function bark(self)
    class(dog), intent(in) :: self
    bark = 100 * self%tricks + self%age
  end function
  subroutine loud(ps)
    class(pet), intent(in) :: ps(:)
    integer :: i
    print *, 'loud', size(ps), (ps(i)%sound(), i = 1, size(ps))
  end subroutine
end module

program poly_array_pointers
  use pets
  implicit none
  type(dog), target :: kennel(5)
  type(pet), target :: cats(2)
  class(pet), pointer :: p(:)
  integer :: i
  do i = 1, 5
    kennel(i)%age = i
    kennel(i)%tricks = 10 - i
  end do
  cats%age = [20, 30]
  p => kennel
  call loud(p)
  print *, size(p), p(2)%sound(), associated(p)
  p => kennel(5:1:-2)
  call loud(p)
  p(1)%age = 50
  print *, kennel%age
  p => cats
  call loud(p)
  select type (p)
  type is (pet)
    print *, 'pets', p%age
  type is (dog)
    print *, 'dogs'
  end select
  nullify(p)
  print *, associated(p)
  allocate(dog :: p(3))
  call loud(p)
  select type (p)
  type is (dog)
    p%tricks = [1, 2, 3]
  end select
  call loud(p)
  deallocate(p)
  print *, associated(p)
  allocate(p(2), source=dog(age=7, tricks=4))
  call loud(p)
  deallocate(p)
end program
