! allocate with a type spec that does not fit the variable.
program p
  implicit none
  real, allocatable :: r(:)
  character(len=:), allocatable :: c
  character(len=4), allocatable :: s(:)
  integer :: n
  n = 3
  allocate(integer :: r(3))
  allocate(character(len=2) :: s(2))
  allocate(character(len=n) :: n)
end program
