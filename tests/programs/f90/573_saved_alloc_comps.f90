! Saved structures (a scalar and an array) with allocatable components keep them
! across calls (they are not deallocated on return), growing by reallocation.
module m
  implicit none
  type :: hist
    integer, allocatable :: seen(:)
  end type
contains
  subroutine record(x)
    integer, intent(in) :: x
    type(hist), save :: h
    type(hist), save :: hs(2)
    if (.not. allocated(h%seen)) allocate(h%seen(0))
    h%seen = [h%seen, x]
    if (.not. allocated(hs(2)%seen)) then
      hs(2)%seen = [x]
    else
      hs(2)%seen = [hs(2)%seen, -x]
    end if
    print *, h%seen, '|', hs(2)%seen
  end subroutine
end module
program saved_alloc_comps
  use m
  call record(1)
  call record(2)
  call record(3)
end program
