! Errors about `block`-local entities that shadow outer names are reported with the names
! as written.
program block_shadow_errors
  implicit none
  real, allocatable :: x(:)
  integer :: k
  k = 1
  block
    integer :: x(3), k
    allocate(x(3))
    k = 'text'
  end block
  allocate(x(2))
end program block_shadow_errors
