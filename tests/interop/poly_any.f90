! Compiled by gfortran (object) and by gpuf (module file only): saved and module
! `class(*)` variables, whose copies go through the `_copy` of the vtabs of the intrinsic
! types the caller passes (gpuf's). Prints everything.
module polyany
  implicit none
  class(*), allocatable :: last
  integer :: nkept = 0
contains
  subroutine keep(y)
    class(*), intent(in) :: y
    class(*), allocatable, save :: prev
    if (allocated(prev)) then
      call show('previous', prev)
      deallocate(prev)
    end if
    allocate(prev, source=y)
    if (allocated(last)) deallocate(last)
    allocate(last, source=y)
    nkept = nkept + 1
    call show('last', last)
  end subroutine
  subroutine show(tag, x)
    character(*), intent(in) :: tag
    class(*), intent(in) :: x
    select type (x)
    type is (integer)
      print *, tag, ' integer', x
    type is (real(8))
      print *, tag, ' real(8)', x
    type is (character(*))
      print *, tag, ' string ', len(x), x
    class default
      print *, tag, ' other'
    end select
  end subroutine
end module
