! Generic interfaces over internal procedures, keyword and optional arguments deciding
! the specific, elemental specifics, generic names used inside internal procedures, and a
! generic name that is also a specific's name passed as an actual argument.
module ops
  implicit none
  interface apply_twice
    module procedure apply_twice
  end interface
  interface clampit
    module procedure clamp_i, clamp_r
  end interface
  interface area
    module procedure area_sq, area_rect
  end interface
contains
  integer function apply_twice(x)
    integer, intent(in) :: x
    apply_twice = 2 * x + 1
  end function
  elemental integer function clamp_i(x, lo, hi)
    integer, intent(in) :: x, lo, hi
    clamp_i = max(lo, min(hi, x))
  end function
  elemental real function clamp_r(x, lo, hi)
    real, intent(in) :: x, lo, hi
    clamp_r = max(lo, min(hi, x))
  end function
  real function area_sq(side)
    real, intent(in) :: side
    area_sq = side * side
  end function
  real function area_rect(width, height)
    real, intent(in) :: width, height
    area_rect = width * height
  end function
  subroutine run(g, n)
    interface
      integer function g(x)
        integer, intent(in) :: x
      end function
    end interface
    integer, intent(in) :: n
    print *, 'run', g(n)
  end subroutine
end module ops

program main
  use ops
  implicit none
  interface show
    procedure show_int, show_real, show_text, show_vec
  end interface
  integer :: iv(5)
  real :: rv(3)
  call show(3)
  call show(2.5)
  call show('plain')
  call show('with prefix', prefix='>> ')
  call show([1, 2, 3])
  iv = [-5, 0, 5, 10, 15]
  call show(clampit(iv, 0, 10))
  rv = [-1.5, 0.25, 9.0]
  call show_real_vec(clampit(rv, 0.0, 1.0))
  print *, clampit(7, 1, 3), clampit(0.5, 1.0, 2.0)
  print *, area(3.0), area(2.0, 4.5), area(height=2.0, width=0.5), area(side=1.5)
  print *, apply_twice(4)
  call run(apply_twice, 10)
  call inner()
contains
  subroutine show_int(i)
    integer, intent(in) :: i
    print '(a,i0)', 'int ', i
  end subroutine
  subroutine show_real(x)
    real, intent(in) :: x
    print '(a,f7.3)', 'real ', x
  end subroutine
  subroutine show_text(s, prefix)
    character(len=*), intent(in) :: s
    character(len=*), intent(in), optional :: prefix
    if (present(prefix)) then
      print '(a,a)', prefix, s
    else
      print '(a)', s
    end if
  end subroutine
  subroutine show_vec(v)
    integer, intent(in) :: v(:)
    print '(a,*(1x,i0))', 'vec', v
  end subroutine
  subroutine show_real_vec(v)
    real, intent(in) :: v(:)
    print '(a,*(1x,f6.2))', 'rvec', v
  end subroutine
  subroutine inner()
    call show(size(iv))
    call show(sum(rv))
    call show(iv(2:4))
  end subroutine
end program main
