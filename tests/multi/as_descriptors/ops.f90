! Uses vk; its own array-valued functions and assumed-shape procedures.
module ops
  use vk
  implicit none
contains
  function scaled(v, f) result(r)
    real(8), intent(in) :: v(:), f
    real(8) :: r(size(v))
    r = v * f
  end function scaled

  function table(m, n) result(t)
    integer, intent(in) :: m, n
    integer :: t(m, 0:n)
    integer :: i, j
    do j = 0, n
      do i = 1, m
        t(i, j) = i * 10 + j
      end do
    end do
  end function table

  integer function corner_sum(t)
    integer, intent(in) :: t(:,:)
    corner_sum = t(1, 1) + t(size(t, 1), size(t, 2))
  end function corner_sum
end module ops
