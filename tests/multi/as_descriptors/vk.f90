! Separate compilation: assumed-shape dummies and array-valued functions whose result
! bounds are recorded in the module file (a constant, a scalar argument, size()).
module vk
  implicit none
  integer, parameter :: n3 = 3
contains
  function unit_vec(k) result(e)
    integer, intent(in) :: k
    real(8) :: e(n3)
    e = 0d0
    e(k) = 1d0
  end function unit_vec

  subroutine normalize(v)
    real(8), intent(inout) :: v(:)
    v = v / sqrt(sum(v * v))
  end subroutine normalize
end module vk
