! Deferred-length allocatable character components work as scalars; arrays of them and
! deferred-length pointer components are not implemented yet.
module m
  implicit none
  type t
    character(:), allocatable :: name
    character(:), allocatable :: names(:)
    character(:), pointer :: alias
  end type
end module
program p
  use m
  type(t) :: x
  x%name = 'ok'
  print *, x%name
end program
