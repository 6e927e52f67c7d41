! Tests: optional dummy arguments (scalars and arrays) with present(), passed
! positionally, by keyword, and left out.
program optional_args
  implicit none
  real(8) :: v(3)
  v(1) = 1.0d0; v(2) = 2.0d0; v(3) = 4.0d0
  call report(5)
  call report(5, 2)
  call report(5, scale=3)
  call report(5, w=v)
  call report(7, 10, v)
contains
  subroutine report(n, scale, w)
    integer, intent(in) :: n
    integer, intent(in), optional :: scale
    real(8), intent(in), optional :: w(3)
    integer :: f
    f = 1
    if (present(scale)) f = scale
    if (present(w)) then
      print *, n * f, sum(w), present(scale)
    else
      print *, n * f, present(scale), present(w)
    end if
  end subroutine report
end program optional_args
