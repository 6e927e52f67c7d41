module bind_not_yet
  implicit none
contains
  integer function f(x)
    !$acc routine seq bind(f_dev)
    integer, value :: x
    f = x
  end function

  integer function f_dev(x)
    !$acc routine seq
    integer, value :: x
    f_dev = -x
  end function

  integer function g(x)
    !$acc routine seq
    integer, value :: x
    g = f(x) + 1
  end function

  recursive subroutine walk(a, n)
    !$acc routine vector
    integer, value :: n
    integer, intent(inout) :: a(*)
    integer :: i
    !$acc loop vector
    do i = 1, n
      a(i) = a(i) + 1
    end do
    if (n > 1) call walk(a, n - 1)
  end subroutine

  integer function per_device(x)
    !$acc routine seq device_type(nvidia) bind(f_dev)
    integer, value :: x
    per_device = x
  end function

  integer function per_device_level(x)
    !$acc routine device_type(nvidia) vector device_type(host) seq
    integer, value :: x
    per_device_level = x
  end function
end module
