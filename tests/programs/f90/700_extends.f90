module shapes
  implicit none
  type, abstract :: shape
    integer :: id = 0
  end type
  type, extends(shape) :: circle
    real :: r
  end type
  type, extends(circle) :: ring
    real :: inner = 0.5
    integer :: tag(3)
  end type
  type point
    integer :: x, y
  end type
  type, extends(point) :: point3
    integer :: z
  end type
end module
program p
  use shapes
  implicit none
  type(circle) :: c
  type(ring) :: r, r2
  type(point3) :: q, qs(3)
  type(point) :: pp
  integer :: i
  c = circle(7, 2.0)
  print *, c%id, c%r, c%shape%id
  r = ring(1, 3.0, 0.25, [1,2,3])
  print *, r%id, r%r, r%inner, r%tag, r%circle%r, r%circle%shape%id
  r2 = ring(r=4.0, tag=[4,5,6])
  print *, r2%id, r2%r, r2%inner, r2%tag
  q = point3(1, 2, 3)
  print *, q%x, q%y, q%z
  pp = q%point
  print *, pp%x, pp%y
  q%point = point(10, 20)
  print *, q
  q = point3(point=point(5,6), z=7)
  print *, q
  do i = 1, 3
    qs(i) = point3(i, 2*i, 3*i)
  end do
  print *, qs%x, qs%z
  print *, sum(qs%y)
  qs%point%x = 0
  print *, qs(2)
  r%circle = circle(9, 9.5)
  print *, r
end program
