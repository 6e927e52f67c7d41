! Reading derived-type values from standard input: whole structures (components in
! order, nested types and array components), arrays of structures and components.
program dt_read
  implicit none
  type :: point
    real :: x, y
  end type point
  type :: sample
    character(len=4) :: name
    integer :: n
    type(point) :: at
    real(8) :: vals(3)
    logical :: ok
  end type sample
  type(sample) :: s, many(2)
  type(point) :: pts(3)
  integer :: i
  read *, s
  print *, s
  read *, many
  do i = 1, 2
    print '(a4, i4, 2f7.2, 3f8.3, l2)', many(i)
  end do
  read *, pts
  print *, pts(3), pts(1)%x + pts(2)%y
  read *, s%at, s%vals(2)
  print *, s%at, s%vals
  read (*, '(a4, i3)') s%name, s%n
  print *, '[', s%name, ']', s%n
end program dt_read
