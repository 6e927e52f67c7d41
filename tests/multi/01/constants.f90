! Named constants and a counter, used by the other files.
module constants
  implicit none
  integer, parameter :: n = 8
  integer, parameter :: m = n / 2
  real(8), parameter :: scale = 2.5d0
  logical, parameter :: verbose = .true.
  integer, parameter :: weights(3) = [3, 1, 2]
  integer :: calls = 0
  integer :: table(4) = [10, 20, 30, 40]
contains
  subroutine bump_table(k)
    integer, intent(in) :: k
    table = table + k
  end subroutine bump_table

  subroutine count_call()
    calls = calls + 1
  end subroutine count_call
end module constants
