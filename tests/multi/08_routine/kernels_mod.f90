! `!$acc routine seq` procedures of a separately compiled module, called from kernels
! in another file (the module file records them as routines).
module kernels_mod
  implicit none
contains
  pure real function smooth(a, i, n)
    !$acc routine seq
    integer, intent(in) :: i, n
    real, intent(in) :: a(n)
    smooth = a(i)
    if (i > 1 .and. i < n) smooth = (a(i - 1) + 2.0 * a(i) + a(i + 1)) / 4.0
  end function smooth

  subroutine bump(v, by)
    !$acc routine seq
    real, intent(inout) :: v
    real, intent(in) :: by
    v = v + by
  end subroutine bump
end module kernels_mod
