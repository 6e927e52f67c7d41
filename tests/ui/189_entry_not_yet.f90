integer function f(x)
  integer :: x
  f = x
  return
  entry g(x)
  f = -x
end function

subroutine s(x)
  integer :: x
  if (x > 0) then
    entry t(x)
  end if
contains
  subroutine inner(y)
    integer :: y
    print *, y
    entry inner2(y)
  end subroutine
end subroutine
