! Procedure pointer components (nopass): null by default, associated with procedures and
! with other components, calls and function references through them, associated, nullify;
! their place in the structure's layout among data components.
module ops
  implicit none
  abstract interface
    subroutine stepper(n, v)
      integer, intent(in) :: n
      integer, intent(inout) :: v(n)
    end subroutine
    integer function binop(a, b)
      integer, intent(in) :: a, b
    end function
  end interface
  type machine
    integer :: id
    procedure(stepper), pointer, nopass :: step => null()
    real :: scale
    procedure(binop), pointer, nopass :: combine => null()
  end type
contains
  subroutine inc(n, v)
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    v = v + 1
  end subroutine
  subroutine dbl(n, v)
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    v = 2 * v
  end subroutine
  integer function add(a, b)
    integer, intent(in) :: a, b
    add = a + b
  end function
end module

program procedure_pointer_components
  use ops
  implicit none
  type(machine) :: m(2)
  type(machine), pointer :: mp
  integer :: v(3), k
  v = [1, 2, 3]
  print *, associated(m(1)%step), associated(m(2)%combine)
  m(1)%step => inc
  m(2)%step => dbl
  m(1)%combine => add
  do k = 1, 2
    call m(k)%step(3, v)
  end do
  print *, v, associated(m(1)%step, inc), associated(m(1)%step, dbl)
  allocate(mp)
  mp%step => m(2)%step
  call mp%step(3, v)
  print *, v
  nullify(mp%step)
  print *, associated(mp%step)
  k = m(1)%combine(2, 3)
  print *, k, m(1)%combine(k, 10) + 1
  mp%combine => add
  print *, mp%combine(mp%combine(1, 2), 3)
end program
