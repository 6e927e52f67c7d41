! Generics that extend intrinsic names (abs, len for derived types and characters) next to
! the intrinsics themselves, and generics over derived-type arguments.
module shapes2
  implicit none
  type :: vec2
    real :: x, y
  end type
  type :: seg
    type(vec2) :: a, b
  end type
  interface abs
    module procedure vec_abs
  end interface
  interface mirror
    module procedure mirror_v, mirror_s
  end interface
  interface describe
    module procedure describe_v, describe_s
  end interface
contains
  real function vec_abs(v)
    type(vec2), intent(in) :: v
    vec_abs = sqrt(v%x**2 + v%y**2)
  end function
  function mirror_v(v) result(w)
    type(vec2), intent(in) :: v
    type(vec2) :: w
    w = vec2(-v%x, v%y)
  end function
  function mirror_s(s) result(t)
    type(seg), intent(in) :: s
    type(seg) :: t
    t = seg(mirror_v(s%a), mirror_v(s%b))
  end function
  subroutine describe_v(v)
    type(vec2), intent(in) :: v
    print '(a,2f8.3,a,f8.3)', 'vec', v%x, v%y, ' |v|=', abs(v)
  end subroutine
  subroutine describe_s(s)
    type(seg), intent(in) :: s
    print '(a,4f8.3)', 'seg', s%a%x, s%a%y, s%b%x, s%b%y
  end subroutine
end module shapes2

program main
  use shapes2
  implicit none
  type(vec2) :: p
  type(seg) :: s
  integer :: i
  p = vec2(3.0, 4.0)
  s = seg(vec2(1.0, 2.0), vec2(-0.5, 0.25))
  print '(f8.3)', abs(p)
  print *, abs(-7), abs(2.5), abs(-1.25d0)
  do i = -2, 2
    print '(i3,f8.3)', abs(i), abs(vec2(real(i), 1.0))
  end do
  call describe(p)
  call describe(mirror(p))
  call describe(s)
  call describe(mirror(s))
  call describe(mirror(mirror(s)))
end program main
