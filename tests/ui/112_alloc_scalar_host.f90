! An internal procedure cannot use its host's allocatable scalar yet; its own, and
! module ones, work.
program alloc_scalar_host
  implicit none
  integer, allocatable :: n
  n = 7
  call inner()
  print *, n
contains
  subroutine inner()
    integer, allocatable :: own
    own = 6
    n = n * own
  end subroutine
end program
