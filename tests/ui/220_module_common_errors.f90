module m
  implicit none
  type pt
    integer :: x
  end type
  type(pt) :: p
  integer, allocatable :: a(:)
  integer :: n
  common /blk/ n, p, a
end module
program main
  use m
  n = 1
end program
