! Fixed-size module arrays of every intrinsic type, stored in the module's own object as
! gfortran lays them out: initial values from array constructors (with implied-do loops),
! scalars for every element, `data` statements and `reshape`; read and written by module
! procedures, an external subroutine and the main program, which all see one object.
module store
  implicit none
  integer, private :: q
  integer(1) :: i1(3) = [1_1, -2_1, 127_1]
  integer(2) :: i2(4) = [(int(100 * q, 2), q = 1, 4)]
  integer :: i4(5) = [(q * q, q = 1, 5)]
  integer(8) :: i8(2) = [2_8**40, -7_8]
  real :: r4(3) = 0.5
  real(8) :: r8(2, 3) = reshape([1d0, 2d0, 3d0, 4d0, 5d0, 6d0], [2, 3])
  complex :: c4(2) = [(1.0, -1.0), (0.25, 4.0)]
  complex(8) :: c8(2)
  logical :: lg(4) = [.true., .false., .true., .true.]
  integer :: zero(1000)
  integer :: dat(6)
  integer, parameter :: pk(4) = [11, 22, 33, 44]
  data dat / 3 * 7, 8, 2 * 9 /
contains
  subroutine bump(k)
    integer, intent(in) :: k
    i4 = i4 + k
    r8(:, 2) = r8(:, 2) * k
    c8(k) = cmplx(k, -k, 8)
    zero(1000) = zero(1000) + k
    dat(k) = -dat(k)
  end subroutine bump

  integer function pick(k)
    integer, intent(in) :: k
    pick = pk(k) + i4(k)
  end function pick
end module store

subroutine report(tag)
  use store
  implicit none
  character(len=*), intent(in) :: tag
  print '(a, 3i5, 4i6)', tag, i1, i2
  print '(5i5, 2i16)', i4, i8
  print '(3f6.2, 6f6.1)', r4, r8
  print '(4f7.2, 4f6.1)', c4, c8
  print '(4l2, i6, 6i4)', lg, zero(1000), dat
end subroutine report

program module_arrays_across_units
  use store
  implicit none
  integer :: k
  call report('start')
  call bump(2)
  call report('bump2')
  ! The main program writes through the same objects.
  i1(2) = i1(2) * 3
  lg = .not. lg
  r4(2) = -1.5
  k = 3
  print *, pick(k), pk(k), sum(pk), size(i4), sum(zero)
  call bump(1)
  call report('bump1')
  print *, storage_size(i2) * size(i2) / 8, storage_size(c8) * size(c8) / 8
end program module_arrays_across_units
