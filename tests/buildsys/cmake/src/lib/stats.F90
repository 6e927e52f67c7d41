module stats
  use prec
  implicit none
contains
  ! The mean of x(1:n), scaled by the SCALE macro of the library's compile definitions.
  function scaled_mean(x) result(m)
    real(dp), intent(in) :: x(n)
    real(dp) :: m
#if defined(SCALE) && defined(__GFORTRAN__)
    m = SCALE * sum(x) / n
#else
    m = -1
#endif
  end function scaled_mean
end module stats
