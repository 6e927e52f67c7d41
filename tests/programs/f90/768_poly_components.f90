module zoo2
  implicit none
  type :: animal
    integer :: legs = 4
  contains
    procedure :: noise => animal_noise
  end type
  type, extends(animal) :: bird
    integer :: wings = 2
  contains
    procedure :: noise => bird_noise
  end type
  type :: cage
    integer :: number = 0
    class(animal), allocatable :: pet
  end type
contains
  integer function animal_noise(a)
    class(animal), intent(in) :: a
    animal_noise = 10 * a%legs
  end function
  integer function bird_noise(a)
    class(bird), intent(in) :: a
    bird_noise = 100 * a%wings + a%legs
  end function
  subroutine inspect(c)
    type(cage), intent(in) :: c
    if (.not. allocated(c%pet)) then
      print *, 'cage', c%number, 'is empty'
      return
    end if
    select type (p => c%pet)
    type is (bird)
      print *, 'cage', c%number, 'bird', p%legs, p%wings, p%noise()
    class default
      print *, 'cage', c%number, 'animal', p%legs, p%noise()
    end select
  end subroutine
  subroutine hear(a)
    class(animal), intent(in) :: a
    print *, 'heard', a%noise()
  end subroutine
end module

program p
  use zoo2
  implicit none
  type(cage) :: c1, c2, c3
  type(bird) :: b
  c1%number = 1
  c2%number = 2
  call inspect(c1)
  allocate(bird :: c1%pet)
  call inspect(c1)
  c1%pet%legs = 3
  print *, c1%pet%noise(), c1%pet%legs
  call hear(c1%pet)
  b%wings = 5
  allocate(c2%pet, source=b)
  call inspect(c2)
  c3 = c2
  c3%number = 3
  select type (q => c3%pet)
  type is (bird)
    q%wings = 7
  end select
  call inspect(c2)
  call inspect(c3)
  print *, same_type_as(c3%pet, b), extends_type_of(c1%pet, b)
  deallocate(c1%pet)
  call inspect(c1)
  allocate(c1%pet)
  call inspect(c1)
  call hear(c1%pet)
end program
