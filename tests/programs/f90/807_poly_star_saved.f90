! Saved and module `class(*)` variables (gfortran's 24-byte containers under their global
! names), and `class(*)` dummies of module procedures.
module anybox
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

program poly_star_saved
  use anybox
  implicit none
  call keep(42)
  call show('last', last)
  call keep(2.5d0)
  call keep('hello')
  call show('last', last)
  call keep(7)
  print *, 'kept', nkept
  select type (last)
  type is (integer)
    print *, 'last is', last
  end select
end program
