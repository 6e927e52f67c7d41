! A resource registry: a container type holding `class(resource), allocatable`
! components (a scalar and an array of wrappers) whose types have final procedures at
! two levels of extension. Finalization as gfortran 12 does it: on `deallocate` of a
! component, on reassignment of a polymorphic component, when an element of the wrapper
! array is deallocated, and for a local container at the end of a procedure; intrinsic
! assignment of the container copies the components deeply (the copies finalized on
! their own).
module registry
  implicit none
  type :: resource
    integer :: id = 0
  contains
    procedure :: describe => resource_describe
    final :: resource_final
  end type
  type, extends(resource) :: file_handle
    character(len=8) :: path = ''
  contains
    procedure :: describe => file_describe
    final :: file_final
  end type
  type :: slot
    class(resource), allocatable :: r
  end type
  type :: container
    class(resource), allocatable :: main
    type(slot), allocatable :: slots(:)
  end type
contains
  subroutine resource_final(x)
    type(resource), intent(inout) :: x
    print '(a,i0)', '  final resource ', x%id
  end subroutine
  subroutine file_final(x)
    type(file_handle), intent(inout) :: x
    print '(a,a)', '  final file ', trim(x%path)
  end subroutine
  subroutine resource_describe(x)
    class(resource), intent(in) :: x
    print '(a,i0)', 'resource ', x%id
  end subroutine
  subroutine file_describe(x)
    class(file_handle), intent(in) :: x
    print '(a,i0,1x,a)', 'file ', x%id, trim(x%path)
  end subroutine

  subroutine fill(c, n)
    type(container), intent(inout) :: c
    integer, intent(in) :: n
    integer :: i
    allocate(c%slots(n))
    do i = 1, n
      if (mod(i, 2) == 0) then
        allocate(c%slots(i)%r, source=file_handle(i, 'f' // achar(48 + i)))
      else
        allocate(c%slots(i)%r, source=resource(i))
      end if
    end do
  end subroutine

  subroutine show(c)
    type(container), intent(in) :: c
    integer :: i
    if (allocated(c%main)) call c%main%describe()
    if (.not. allocated(c%slots)) return
    do i = 1, size(c%slots)
      if (allocated(c%slots(i)%r)) call c%slots(i)%r%describe()
    end do
  end subroutine

  subroutine scoped()
    type(container) :: local
    print '(a)', 'scoped start'
    allocate(local%main, source=file_handle(50, 'scoped'))
    call show(local)
    print '(a)', 'scoped end'
  end subroutine
end module

program finals_container
  use registry
  implicit none
  type(container) :: c, d
  print '(a)', 'fill'
  allocate(c%main, source=resource(100))
  call fill(c, 3)
  call show(c)
  print '(a)', 'drop slot 2'
  deallocate(c%slots(2)%r)
  call show(c)
  print '(a)', 'replace main'
  deallocate(c%main)
  allocate(c%main, source=file_handle(200, 'main'))
  call show(c)
  print '(a)', 'copy'
  d = c
  call show(d)
  print '(a)', 'drop the copy main'
  deallocate(d%main)
  print '(a)', 'scoped'
  call scoped()
  print '(a)', 'done'
end program
