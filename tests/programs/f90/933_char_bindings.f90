! Character function results through type-bound procedures called on polymorphic
! objects (through the vtab): deferred bindings of an abstract type whose interfaces
! have a deferred-length result (`character(len=:), allocatable`) and a result whose
! length depends on a dummy argument; a generic `operator(==)` binding; polymorphic
! arrays' elements as passed objects.
module qm
  implicit none
  type, abstract :: animal
    character(len=6) :: name = ''
  contains
    procedure(speak_i), deferred :: speak
    procedure(tag_i), deferred :: tag
    generic :: operator(==) => same_name
    procedure, private :: same_name
  end type
  abstract interface
    function speak_i(a) result(s)
      import :: animal
      class(animal), intent(in) :: a
      character(len=:), allocatable :: s
    end function
    function tag_i(a, n) result(s)
      import :: animal
      class(animal), intent(in) :: a
      integer, intent(in) :: n
      character(len=n + 2) :: s
    end function
  end interface
  type, extends(animal) :: dog
  contains
    procedure :: speak => dog_speak
    procedure :: tag => dog_tag
  end type
  type, extends(animal) :: cat
    integer :: lives = 9
  contains
    procedure :: speak => cat_speak
    procedure :: tag => cat_tag
  end type
contains
  logical function same_name(a, b)
    class(animal), intent(in) :: a, b
    same_name = a%name == b%name
  end function
  function dog_speak(a) result(s)
    class(dog), intent(in) :: a
    character(len=:), allocatable :: s
    s = trim(a%name) // ' says woof'
  end function
  function dog_tag(a, n) result(s)
    class(dog), intent(in) :: a
    integer, intent(in) :: n
    character(len=n + 2) :: s
    s = 'D:' // a%name(1:n)
  end function
  function cat_tag(a, n) result(s)
    class(cat), intent(in) :: a
    integer, intent(in) :: n
    character(len=n + 2) :: s
    s = 'C:' // a%name(1:n)
  end function
  function cat_speak(a) result(s)
    class(cat), intent(in) :: a
    character(len=:), allocatable :: s
    s = trim(a%name) // ' says meow'
  end function
end module
program q
  use qm
  implicit none
  class(animal), allocatable :: zoo(:)
  class(animal), allocatable :: x, y
  integer :: i
  allocate(x, source=dog('rex'))
  allocate(y, source=cat('rex', 7))
  print *, x%speak(), ' / ', y%speak(), x == y
  allocate(zoo(3), source=cat('tom', 3))
  do i = 1, size(zoo)
    print *, i, zoo(i)%speak(), ' [', zoo(i)%tag(i), ']'
  end do
  zoo(2)%name = 'felix'
  print *, zoo(1) == zoo(2), zoo(1) == zoo(3)
  deallocate(x)
  x = zoo(2)
  print *, x%speak(), len(x%speak()), ' [', x%tag(2), '] [', y%tag(3), ']'
end program
