! Generic interfaces exported through a module file.
module kinds_ops
  implicit none
  private
  public :: add_to, biggest, label
  interface add_to
    module procedure add_i, add_r, add_d
  end interface
  interface biggest
    module procedure big_i1, big_r1, big_i2
  end interface
  interface label
    module procedure label_c, label_i
  end interface
contains
  subroutine add_i(x, d)
    integer, intent(inout) :: x
    integer, intent(in) :: d
    x = x + d
  end subroutine
  subroutine add_r(x, d)
    real, intent(inout) :: x
    real, intent(in) :: d
    x = x + d
  end subroutine
  subroutine add_d(x, d)
    real(8), intent(inout) :: x
    real(8), intent(in) :: d
    x = x + 2.0d0 * d
  end subroutine
  integer function big_i1(v)
    integer, intent(in) :: v(:)
    big_i1 = maxval(v)
  end function
  real function big_r1(v)
    real, intent(in) :: v(:)
    big_r1 = maxval(v)
  end function
  integer function big_i2(m)
    integer, intent(in) :: m(:, :)
    big_i2 = maxval(m) + 1000
  end function
  subroutine label_c(s)
    character(len=*), intent(in) :: s
    print '(a,a,a)', '[', s, ']'
  end subroutine
  subroutine label_i(n)
    integer, intent(in) :: n
    print '(a,i0,a)', '<', n, '>'
  end subroutine
end module kinds_ops
