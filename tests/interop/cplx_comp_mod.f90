! A module compiled by gfortran whose types have complex components (complex(4), (8) and
! (16), scalars and arrays, with default values): gpuf reads its module file, builds and
! passes the structures, and the module's procedures (which print nothing) work on them.
module cplx_comp
  implicit none
  type :: phasor
    integer :: id = 1
    complex :: z = (1.0, 2.0)
    complex(8) :: w(2) = [(0.5d0, -0.5d0), (1.5d0, 2.5d0)]
    complex(16) :: q = (0.25_16, -4.0_16)
  end type
contains
  subroutine rotate(p)
    type(phasor), intent(inout) :: p
    p%z = p%z * (0.0, 1.0)
    p%w = conjg(p%w)
    p%q = p%q * 2
    p%id = p%id + 10
  end subroutine
  function make(i) result(p)
    integer, intent(in) :: i
    type(phasor) :: p
    p%id = i
    p%z = cmplx(i, 2 * i)
  end function
end module
