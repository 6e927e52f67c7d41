! Allocatable and pointer scalar components referenced in a compute construct with no data
! clause: each is mapped implicitly and the structure's device copy attached to it.
program member_scalars
  implicit none
  type holder
    integer, allocatable :: s
    real(8), pointer :: q => null()
    integer :: k
  end type
  type(holder) :: h
  real(8), target :: x
  integer :: i
  allocate(h%s)
  h%s = 5
  x = 1.5d0
  h%q => x
  h%k = 0
  !$acc serial
  h%s = h%s * 2
  h%q = h%q + h%s
  h%k = 3
  !$acc end serial
  print *, h%s, x, h%k
end program
