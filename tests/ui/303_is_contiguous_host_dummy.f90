module m
contains
  subroutine s(x)
    real, intent(in) :: x(:)
    print *, inner()
  contains
    logical function inner()
      inner = is_contiguous(x)
    end function
  end subroutine
end module
