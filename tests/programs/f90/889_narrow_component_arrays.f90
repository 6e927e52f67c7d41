! Array components of kinds integer(1), integer(2), logical(1): sections, intrinsics, dummies,
! arrays and allocatable arrays of the structures.
program d
  implicit none
  type t
    integer(1) :: a(4)
    integer(2) :: b(3)
    logical(1) :: f(2)
  end type
  type(t) :: x, y(2)
  type(t), allocatable :: z(:)
  x%a = [1_1, 2_1, 3_1, 4_1]
  x%b = [100_2, 200_2, 300_2]
  x%f = [.true., .false.]
  x%a(2:4) = x%a(1:3)
  x%b = x%b * 2_2
  print *, x%a, x%b, x%f, sum(x%a), maxval(x%b), count(x%f)
  call show(x%b)
  y(1) = x
  y(2) = x
  y(2)%a = -y(2)%a
  print *, y%a(1), y(2)%b(2:3), any(y(1)%f)
  allocate(z(3))
  z = y(1)
  z(2)%b(3) = 7_2
  print *, z(2), size(z)
  write (*, '(4i4, 3i6, 2l2)') z(3)
contains
  subroutine show(v)
    integer(2), intent(in) :: v(:)
    print *, v, size(v)
  end subroutine
end program
