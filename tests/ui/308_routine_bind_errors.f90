module bind_errors
  implicit none
  integer :: counter
  interface pick
    module procedure dev_int, dev_real
  end interface
contains
  integer function not_proc(x)
    !$acc routine seq bind(counter)
    integer, value :: x
    not_proc = x
  end function

  integer function unknown(x)
    !$acc routine seq bind(nowhere)
    integer, value :: x
    unknown = x
  end function

  integer function generic_target(x)
    !$acc routine seq bind(pick)
    integer, value :: x
    generic_target = x
  end function

  integer function host_only(x)
    !$acc routine seq bind(plain)
    integer, value :: x
    host_only = x
  end function

  integer function bad_symbol(x)
    !$acc routine seq bind("two words")
    integer, value :: x
    bad_symbol = x
  end function

  integer function wrong_kind(x)
    !$acc routine seq bind(dev_sub)
    integer, value :: x
    wrong_kind = x
  end function

  integer function wrong_count(x)
    !$acc routine seq bind(dev_two)
    integer, value :: x
    wrong_count = x
  end function

  integer function wrong_type(x)
    !$acc routine seq bind(dev_real)
    integer, value :: x
    wrong_type = x
  end function

  integer function wrong_level(x)
    !$acc routine seq bind(dev_vector)
    integer, value :: x
    wrong_level = x
  end function

  integer function two_binds(x)
    !$acc routine seq bind(dev_int) device_type(host) bind(dev_int) bind(dev_int)
    integer, value :: x
    two_binds = x
  end function

  integer function plain(x)
    integer, value :: x
    plain = x
  end function

  integer function dev_int(x)
    !$acc routine seq
    integer, value :: x
    dev_int = x
  end function

  integer function dev_real(x)
    !$acc routine seq
    real, value :: x
    dev_real = int(x)
  end function

  subroutine dev_sub(x, y)
    !$acc routine seq
    integer, value :: x
    integer, intent(out) :: y
    y = x
  end subroutine

  integer function dev_two(x, y)
    !$acc routine seq
    integer, value :: x, y
    dev_two = x + y
  end function

  integer function dev_vector(x)
    !$acc routine vector
    integer, value :: x
    dev_vector = x
  end function
end module
