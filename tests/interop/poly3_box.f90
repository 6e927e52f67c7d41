! Compiled by gfortran and by gpuf: a type with `class(*)` allocatable and pointer
! components (gfortran's 24-byte containers with `_len`), set and read by procedures of
! this module. The main program, compiled by the other compiler, creates the objects,
! sets and reads the components too, and prints only through `say` (each run time
! buffers its own output).
module poly3box
  implicit none
  type :: pt
    integer :: x = 0, y = 0
  end type
  type :: box
    integer :: n = 0
    class(*), allocatable :: v
    class(*), pointer :: p => null()
  end type
contains
  subroutine say(tag, i)
    character(*), intent(in) :: tag
    integer, intent(in) :: i
    print '(a,1x,i0)', tag, i
  end subroutine

  subroutine say_text(tag, s)
    character(*), intent(in) :: tag, s
    print '(a,1x,a,1x,i0)', tag, s, len(s)
  end subroutine

  subroutine show_any(tag, x)
    character(*), intent(in) :: tag
    class(*), intent(in) :: x
    select type (x)
    type is (integer)
      print '(a,a,i0)', tag, ' integer ', x
    type is (real(8))
      print '(a,a,f0.2)', tag, ' real(8) ', x
    type is (character(*))
      print '(a,a,i0,a)', tag, ' character(', len(x), ') ' // x
    type is (pt)
      print '(a,a,i0,1x,i0)', tag, ' pt ', x%x, x%y
    class default
      print '(a,a)', tag, ' other'
    end select
  end subroutine

  subroutine show(b)
    type(box), intent(in) :: b
    if (allocated(b%v)) then
      call show_any('v', b%v)
    else
      print '(a)', 'v unallocated'
    end if
    if (associated(b%p)) call show_any('p', b%p)
  end subroutine

  ! Gives the allocatable component a new value of the kind `k` says.
  subroutine set(b, k)
    type(box), intent(inout) :: b
    integer, intent(in) :: k
    if (allocated(b%v)) deallocate(b%v)
    select case (k)
    case (1)
      allocate(b%v, source=7 * k)
    case (2)
      allocate(b%v, source='from the module')
    case (3)
      allocate(b%v, source=pt(k, -k))
    case default
      allocate(b%v, source=0.5d0 * k)
    end select
    b%n = k
  end subroutine

  ! Points the pointer component at a fresh integer.
  subroutine point_new(b, i)
    type(box), intent(inout) :: b
    integer, intent(in) :: i
    allocate(b%p, source=i)
  end subroutine
end module
