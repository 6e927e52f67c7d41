! Polymorphic allocatable array components (gfortran's container inline in the
! structure): `allocate` with a type spec, `source=` and `mold=`, elements addressed by
! the dynamic type's size, dispatch per element, passing them to `class` array dummies,
! deep copies of the structure, `deallocate`, and freeing with the structure.
module fleet
  implicit none
  type :: vehicle
    integer :: wheels = 4
  contains
    procedure :: cost
  end type
  type, extends(vehicle) :: truck
    integer :: axles = 3
    integer, allocatable :: loads(:)
  contains
    procedure :: cost => truck_cost
  end type
  type :: depot
    character(8) :: name = 'depot'
    class(vehicle), allocatable :: v(:)
  end type
contains
  integer function cost(self)
    class(vehicle), intent(in) :: self
    cost = 10 * self%wheels
  end function
  integer function truck_cost(self)
    class(truck), intent(in) :: self
    truck_cost = 100 * self%axles + self%wheels
    if (allocated(self%loads)) truck_cost = truck_cost + sum(self%loads)
  end function
  subroutine total(tag, vs)
    character(*), intent(in) :: tag
    class(vehicle), intent(in) :: vs(:)
    integer :: i, t
    t = 0
    do i = 1, size(vs)
      t = t + vs(i)%cost()
    end do
    print *, tag, size(vs), t
  end subroutine
  subroutine fill(d)
    type(depot), intent(inout) :: d
    integer :: i
    allocate(truck :: d%v(3))
    do i = 1, 3
      d%v(i)%wheels = 4 + 2 * i
    end do
    select type (x => d%v(2))
    type is (truck)
      x%loads = [5, 6]
    end select
  end subroutine
end module

program poly_array_comps
  use fleet
  implicit none
  type(depot) :: a, b
  integer :: i
  call fill(a)
  call total('a', a%v)
  print *, (a%v(i)%cost(), i = 1, size(a%v))
  b = a
  a%v(1)%wheels = 100
  call total('a changed', a%v)
  call total('b copy', b%v)
  deallocate(a%v)
  print *, allocated(a%v), allocated(b%v)
  allocate(a%v(2), source=vehicle(wheels=7))
  call total('a vehicles', a%v)
  deallocate(a%v)
  allocate(a%v(4), mold=b%v)
  call total('a mold', a%v)
  print *, a%v%wheels
  deallocate(a%v)
  allocate(a%v, source=b%v)
  call total('a source', a%v)
  call regrow(a%v)
  call total('a regrown', a%v)
  select type (x => a%v(1))
  type is (truck)
    print *, 'truck', x%axles
  class default
    print *, 'not a truck'
  end select
contains
  subroutine regrow(vs)
    class(vehicle), allocatable, intent(inout) :: vs(:)
    integer :: n
    n = size(vs)
    deallocate(vs)
    allocate(vs(n + 1))
  end subroutine
end program
