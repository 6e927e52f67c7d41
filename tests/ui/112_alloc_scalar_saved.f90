! Module and saved allocatable scalars are not implemented yet.
module keep_m
  implicit none
  integer, allocatable :: counter
end module

program alloc_scalar_saved
  use keep_m
  implicit none
  counter = 1
  call tick()
contains
  subroutine tick()
    real, allocatable, save :: last
    last = 2.0
  end subroutine
end program
