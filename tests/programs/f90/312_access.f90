! Module accessibility: a module that is private by default with a public interface, a
! module with private helpers and variables; public/private statements and attributes,
! protected variables; users that define their own entities with the private names.
module counter_mod
  implicit none
  private
  public :: counter_next, counter_reset, counter_total
  integer :: count = 0
  integer, save :: total = 0
  integer, parameter :: step = 3
contains
  integer function counter_next()
    count = count + step
    total = total + count
    counter_next = count
  end function counter_next
  subroutine counter_reset()
    count = 0
    call log_reset()
  end subroutine counter_reset
  integer function counter_total()
    counter_total = total
  end function counter_total
  subroutine log_reset()
    print *, 'reset after total', total
  end subroutine log_reset
end module counter_mod

module shapes_mod
  implicit none
  real(8), parameter, public :: pi_approx = 3.25d0
  real(8), private :: scale = 2.0d0
  integer, protected :: made = 0
  private :: helper
  public
contains
  real(8) function area(r)
    real(8), intent(in) :: r
    area = helper(r) * pi_approx
    made = made + 1
  end function area
  real(8) function helper(r)
    real(8), intent(in) :: r
    helper = r * r * scale / 2.0d0
  end function helper
end module shapes_mod

program access
  use counter_mod
  use shapes_mod
  implicit none
  integer :: count, i
  real(8) :: scale
  count = 100
  scale = 10.0d0
  do i = 1, 4
    print *, 'next', counter_next()
  end do
  print *, 'total', counter_total()
  call counter_reset()
  print *, 'next', counter_next(), 'mine', count
  print '(A,2F10.4)', 'areas', area(1.0d0), area(2.0d0) * scale
  print *, 'made', made, helper(3)
contains
  integer function helper(k)
    integer, intent(in) :: k
    helper = k * 7
  end function helper
end program access
