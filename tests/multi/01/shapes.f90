! Array procedures and module state, using the constants of another file.
module shapes
  use constants
  implicit none
  real(8) :: grid(n, m)
  real(8) :: total = 0.0d0
  integer :: last_size
contains
  subroutine fill(a, na, k)
    integer, intent(in) :: na, k
    real(8), intent(out) :: a(na)
    integer :: i
    call count_call()
    !$acc parallel loop copyout(a)
    do i = 1, na
      a(i) = scale * i + k
    end do
    last_size = na
  end subroutine fill

  real(8) function norm1(a, na) result(s)
    integer, intent(in) :: na
    real(8), intent(in) :: a(na)
    integer :: i
    real(8) :: acc
    call count_call()
    acc = 0.0d0
    !$acc parallel loop reduction(+:acc) copyin(a)
    do i = 1, na
      acc = acc + abs(a(i))
    end do
    s = acc
    total = total + s
  end function norm1

  subroutine init_grid()
    integer :: i, j
    do j = 1, m
      do i = 1, n
        grid(i, j) = i * 10 + j
      end do
    end do
  end subroutine init_grid

  subroutine scale_vec(x, f, nx)
    integer, intent(in) :: nx
    real(8), intent(inout) :: x(nx)
    real(8), intent(in) :: f
    integer :: i
    do i = 1, nx
      x(i) = x(i) * f
    end do
  end subroutine scale_vec
end module shapes
