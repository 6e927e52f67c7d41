! integer(1), integer(2), logical(1) and logical(2) components of derived types: gfortran's
! layout (natural alignment), default values, constructors, assignment, list-directed and
! formatted output, list-directed input, arrays of structures, and copies in a compute construct.
program narrow_components
  implicit none
  type small
    integer(1) :: a = -7
    integer(2) :: b
    logical(1) :: l = .true.
    integer(2) :: arr(3) = [10_2, 20_2, 30_2]
    real(8) :: d = 0.5d0
    integer(1) :: e
    logical(2) :: m
  end type
  type outer
    integer(1) :: tag
    type(small) :: s
    integer(2) :: n(2)
  end type
  type(small) :: x, y(4)
  type(outer) :: o
  character(80) :: line
  integer :: i
  integer(2) :: total(4)
  x%b = 300
  x%e = 127
  x%m = .false.
  print *, x%a, x%b, x%l, x%arr, x%d, x%e, x%m
  print *, x
  print *, storage_size(x), storage_size(o)
  x%e = x%e + 1_1
  x%b = x%b * 200_2
  print *, x%e, x%b
  y = small(1_1, 2_2, .false., [4_2, 5_2, 6_2], 2d0, 7_1, .true.)
  y(3) = x
  y(2)%arr(2) = -32767_2 - 1_2
  do i = 1, 4
    write (*, '(i4, i7, l2, 3i7, f6.2, i5, l2)') y(i)
  end do
  print *, y%a, y%b, sum(y%e)
  line = '-100 -1000 F 7 8 9 1.25 99 T'
  read (line, *) x
  print *, x
  o%tag = 3
  o%s = x
  o%n = [-1_2, 1000_2]
  print *, o
  !$acc parallel loop copy(y) copyout(total)
  do i = 1, 4
    y(i)%b = y(i)%b + int(i, 2)
    y(i)%e = -y(i)%e
    y(i)%l = .not. y(i)%l
    total(i) = y(i)%b + y(i)%arr(1)
  end do
  print *, total
  print *, y%b, y%e, y%l
end program
