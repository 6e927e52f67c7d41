module shapes
  implicit none
  type, abstract :: shape
    integer :: id = 0
  contains
    procedure(area_if), deferred :: area
    procedure :: describe
    procedure :: scaled => scaled_area
  end type
  abstract interface
    real function area_if(self)
      import :: shape
      class(shape), intent(in) :: self
    end function
  end interface
  type, extends(shape) :: square
    real :: side = 1.0
  contains
    procedure :: area => square_area
  end type
  type, extends(shape) :: rect
    real :: w = 1.0, h = 2.0
  contains
    procedure :: area => rect_area
    procedure :: describe => rect_describe
  end type
  type, extends(square) :: cube
    real :: depth = 3.0
  contains
    procedure :: area => cube_area
  end type
contains
  subroutine describe(self)
    class(shape), intent(in) :: self
    print *, 'shape', self%id, 'area', self%area()
  end subroutine
  subroutine rect_describe(self)
    class(rect), intent(in) :: self
    print *, 'rect', self%id, self%w, self%h, 'area', self%area()
  end subroutine
  real function scaled_area(self, f)
    class(shape), intent(in) :: self
    real, intent(in) :: f
    scaled_area = f * self%area()
  end function
  real function square_area(self)
    class(square), intent(in) :: self
    square_area = self%side**2
  end function
  real function rect_area(self)
    class(rect), intent(in) :: self
    rect_area = self%w * self%h
  end function
  real function cube_area(self)
    class(cube), intent(in) :: self
    cube_area = 6 * self%side**2
  end function
  subroutine show(s)
    class(shape), intent(in) :: s
    call s%describe()
    print *, 'scaled', s%scaled(0.5)
  end subroutine
end module

program p
  use shapes
  implicit none
  type(square) :: sq
  type(rect) :: r
  type(cube) :: c
  sq = square(1, 3.0)
  r = rect(2, 2.0, 5.0)
  c%id = 3
  c%side = 2.0
  call show(sq)
  call show(r)
  call show(c)
  call sq%describe()
  print *, r%area(), c%area(), c%square%area(), sq%scaled(2.0)
end program
