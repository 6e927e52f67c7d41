! class(*) array pointers: a module's (gfortran's container) and a local one pointed at
! intrinsic arrays, strided sections and arrays of a derived type, passed to a class(*)
! pointer dummy, select type on them, allocate with source=, deallocate, nullify.
module anyptr
  implicit none
  type :: pt
    integer :: x = 1, y = 2
  end type
  class(*), pointer :: cur(:) => null()
contains
  subroutine show(tag)
    character(*), intent(in) :: tag
    if (.not. associated(cur)) then
      print *, tag, ' none'
      return
    end if
    select type (cur)
    type is (integer)
      print *, tag, ' ints', size(cur), cur
    type is (real)
      print *, tag, ' reals', size(cur), cur
    type is (pt)
      print *, tag, ' pts', size(cur), cur%x, cur%y
    class default
      print *, tag, ' other'
    end select
  end subroutine
  subroutine bump(p)
    class(*), pointer, intent(inout) :: p(:)
    select type (p)
    type is (integer)
      p = p + 100
    type is (real)
      p = -p
    end select
  end subroutine
end module

program star_ptrs
  use anyptr
  implicit none
  integer, target :: ints(5) = [1, 2, 3, 4, 5]
  real, target :: rs(4) = [0.5, 1.5, 2.5, 3.5]
  type(pt), target :: ps(3)
  class(*), pointer :: p(:)
  call show('start')
  cur => ints
  call show('ints')
  cur => ints(5:1:-2)
  call show('sec')
  call bump(cur)
  print *, ints
  p => rs(2:4)
  call bump(p)
  print *, rs
  cur => p
  call show('p')
  ps%x = [7, 8, 9]
  cur => ps(2:3)
  call show('pts')
  allocate(cur(2), source=42)
  call show('alloc')
  deallocate(cur)
  call show('gone')
  nullify(p)
  print *, associated(p), associated(cur)
end program
