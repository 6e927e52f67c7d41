! Interop of polymorphic objects: a type hierarchy compiled by gfortran (which emits
! the vtabs), used by gpuf and gfortran code alike.
module polyt
  implicit none
  type :: shape
    integer :: id = 0
  end type
  type, extends(shape) :: circle
    real :: r = 1.0
  end type
  type, extends(shape) :: square
    real :: side = 2.0
  end type
  type, extends(square) :: cube
    integer :: faces = 6
  end type
end module
