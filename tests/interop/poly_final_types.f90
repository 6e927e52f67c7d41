! Compiled by gpuf (object, whose vtabs hold the finalization wrappers) and by gfortran
! (module file only): final procedures count what they finalize.
module polyfin
  implicit none
  integer :: nfin_base = 0, nfin_ext = 0, idsum = 0
  type :: base
    integer :: id = 0
  contains
    final :: base_fin
  end type
  type, extends(base) :: ext
    real(8) :: w = 1.0d0
  contains
    final :: ext_fin
  end type
  type :: cell
    integer :: v = 0
  contains
    final :: cell_fin
  end type
  type, extends(cell) :: big_cell
    integer :: extra = 5
  end type
contains
  subroutine base_fin(x)
    type(base), intent(inout) :: x
    nfin_base = nfin_base + 1
    idsum = idsum + x%id
  end subroutine
  subroutine ext_fin(x)
    type(ext), intent(inout) :: x
    nfin_ext = nfin_ext + 1
    idsum = idsum + 100 * x%id
  end subroutine
  elemental subroutine cell_fin(c)
    type(cell), intent(inout) :: c
    c%v = -1
  end subroutine
end module
