! Allocatable deferred-length character components work (program 785); an allocatable
! array component needs a deferred shape.
module m
  implicit none
  type :: t
    integer, allocatable :: v(:)
  end type
  type :: u
    type(t), allocatable :: ts(:)
    character(len=:), allocatable :: name
    real, allocatable :: w(10)
  end type
end module
