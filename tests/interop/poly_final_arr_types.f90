! Compiled by gpuf (object, whose vtabs hold the finalization wrappers) and by gfortran
! (module file only): final procedures of rank 1 and 2 (assumed- and explicit-shape
! dummies) and elemental ones log what they finalize (counted, summed and hashed in
! module scalars, which the gfortran-built main reads).
module polyfinarr
  implicit none
  integer :: nlog = 0, lsum = 0, lhash = 0
  type :: cell
    integer :: id = 0
  contains
    final :: cell_vec, cell_mat
  end type
  type, extends(cell) :: tagged
    integer :: tag = 0
  contains
    final :: tagged_vec, tagged_elem
  end type
contains
  subroutine note(v)
    integer, intent(in) :: v
    nlog = nlog + 1
    lsum = lsum + v
    lhash = mod(lhash * 31 + v, 1000003)
  end subroutine
  subroutine cell_vec(x)
    type(cell), intent(inout) :: x(:)
    call note(1000 + 10 * size(x) + sum(x%id))
  end subroutine
  subroutine cell_mat(x)
    type(cell), intent(inout) :: x(2, *)
    call note(2000 + x(2, 1)%id)
  end subroutine
  subroutine tagged_vec(x)
    type(tagged), intent(inout) :: x(:)
    call note(5000 + sum(x%tag))
  end subroutine
  impure elemental subroutine tagged_elem(x)
    type(tagged), intent(inout) :: x
    call note(7000 + x%tag)
  end subroutine
end module
