! A type with complex components of every kind (defaults, arrays, an allocatable array)
! and a module variable of it, used from another file through the module file.
module signal_m
  implicit none
  type :: signal
    complex :: gain = (1.0, -1.0)
    complex(8) :: poles(2) = [(0.5d0, 0.25d0), (-0.5d0, 0.125d0)]
    complex(16) :: ref = (2.5_16, 0.75_16)
    complex(4), allocatable :: trace(:)
    integer :: n = 0
  end type
  type(signal) :: default_signal
contains
  subroutine record(s, k)
    type(signal), intent(inout) :: s
    integer, intent(in) :: k
    integer :: i
    allocate(s%trace(k))
    s%trace = [(cmplx(i, -i), i = 1, k)]
    s%n = k
  end subroutine
  complex(8) function total(s)
    type(signal), intent(in) :: s
    total = sum(s%poles) + sum(s%trace) * s%gain
  end function
end module
