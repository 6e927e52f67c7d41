! Derived-type dummy arguments: intent(out) default initialisation, components passed as
! actual arguments (scalars, whole array components, sections), arrays of structures as
! explicit-shape and assumed-size dummies, and external procedures.
module shapes
  implicit none
  type :: rect
    real :: w = 1.0, h = 1.0
    integer :: tags(3) = 0
    character(len=3) :: unit = 'cm'
  end type rect
contains
  subroutine reset(r)
    type(rect), intent(out) :: r
    r%tags(1) = 9
  end subroutine reset

  real function area(r)
    type(rect), intent(in) :: r
    area = r%w * r%h
  end function area

  subroutine grow(x, f)
    real, intent(inout) :: x
    real, intent(in) :: f
    x = x * f
  end subroutine grow

  subroutine fill(v, n, start)
    integer, intent(in) :: n, start
    integer, intent(out) :: v(n)
    integer :: i
    do i = 1, n
      v(i) = start + i
    end do
  end subroutine fill

  real function total_area(rs, n)
    integer, intent(in) :: n
    type(rect), intent(in) :: rs(n)
    integer :: i
    total_area = 0.0
    do i = 1, n
      total_area = total_area + area(rs(i))
    end do
  end function total_area

  subroutine make_all(rs, n)
    integer, intent(in) :: n
    type(rect), intent(out) :: rs(n)
    rs(n)%h = 7.0
  end subroutine make_all

  subroutine scale_each(rs, n, f)
    integer, intent(in) :: n
    type(rect), intent(inout) :: rs(*)
    real, intent(in) :: f
    integer :: i
    do i = 1, n
      call grow(rs(i)%w, f)
    end do
  end subroutine scale_each
end module shapes

subroutine describe(r, label)
  use shapes, only: rect, area
  implicit none
  type(rect), intent(in) :: r
  character(len=*), intent(in) :: label
  print '(a, ": ", 2f7.2, " area ", f8.3, 3i3, 1x, a)', label, r%w, r%h, area(r), r%tags, r%unit
end subroutine describe

program dt_args
  use shapes
  implicit none
  type(rect) :: a, b, many(4)
  integer :: i
  a%w = 3.0
  a%h = 2.0
  a%tags = [1, 2, 3]
  a%unit = 'mm'
  call describe(a, 'a')
  call reset(a)
  call describe(a, 'reset a')
  b = rect(2.0, 5.0, [4, 5, 6], 'in')
  call grow(b%h, 1.5)
  call describe(b, 'b')
  call fill(b%tags, 3, 10)
  call describe(b, 'filled')
  call fill(b%tags(2:3), 2, 100)
  call describe(b, 'partial')
  do i = 1, 4
    many(i) = rect(real(i), real(5 - i))
  end do
  print '(f8.3)', total_area(many, 4)
  call scale_each(many(2:), 3, 2.0)
  print '(4f6.2)', (many(i)%w, i = 1, 4)
  print '(f8.3)', total_area(many(2:3), 2)
  call describe(many(4), 'last')
  call make_all(many(2:4), 3)
  do i = 1, 4
    call describe(many(i), 'made')
  end do
end program dt_args
