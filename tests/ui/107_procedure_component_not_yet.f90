! Through components: a call of a data component (a type-bound procedure, not yet), a
! procedure pointer component across an array of structures and inside a compute
! construct (not yet).
module pc_not_yet
  implicit none
  abstract interface
    subroutine act(n)
      integer, intent(in) :: n
    end subroutine
  end interface
  type box
    integer :: n
    procedure(act), pointer, nopass :: run => null()
  end type
end module

program main
  use pc_not_yet
  implicit none
  type(box) :: b, bs(3)
  integer :: i
  call b%n(1)
  print *, associated(bs%run)
  !$acc parallel loop
  do i = 1, 3
    call b%run(i)
  end do
end program
