module zoo
  implicit none
  type :: animal
    character(len=8) :: name = 'animal'
    integer :: legs = 4
  end type
  type, extends(animal) :: dog
    integer :: tricks = 0
  end type
  type, extends(dog) :: puppy
    integer :: age_weeks = 8
  end type
  type, extends(animal) :: bird
    real :: wingspan = 0.5
  end type
contains
  subroutine classify(a)
    class(animal), intent(inout) :: a
    select type (a)
    type is (dog)
      print *, 'dog with tricks', a%tricks, a%name
      a%tricks = a%tricks + 1
    type is (bird)
      print *, 'bird wingspan', a%wingspan, a%legs
    class is (dog)
      print *, 'some dog', a%tricks
    class default
      print *, 'other animal', a%legs
    end select
  end subroutine
  subroutine ages(a)
    class(animal), intent(in) :: a
    select type (p => a)
    class is (puppy)
      print *, 'puppy weeks', p%age_weeks, p%tricks
    class is (dog)
      print *, 'adult dog', p%tricks
    class default
      print *, 'not a dog', p%legs
    end select
  end subroutine
end module

program p
  use zoo
  implicit none
  type(animal) :: an
  type(dog) :: d
  type(puppy) :: pu
  type(bird) :: b
  d%tricks = 3
  d%name = 'rex'
  pu%age_weeks = 12
  b%legs = 2
  call classify(an)
  call classify(d)
  call classify(d)
  call classify(pu)
  call classify(b)
  print *, d%tricks
  call ages(an)
  call ages(d)
  call ages(pu)
  call ages(b)
end program
