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

  subroutine gang_dims(a, n)
    !$acc routine gang(dim:2)
    integer, value :: n
    integer, intent(inout) :: a(n)
    a(1) = n
  end subroutine
end module

integer function ext_caller(x)
  use bind_not_yet, only: f
  !$acc routine seq
  integer, value :: x
  ext_caller = f(x) + 1
end function
