! Allocatable components of derived type and allocatable scalar components are not
! implemented yet; a component needs a deferred shape.
module m
  implicit none
  type :: t
    integer, allocatable :: v(:)
  end type
  type :: u
    type(t), allocatable :: ts(:)
    real, allocatable :: s
    real, allocatable :: w(10)
  end type
end module
