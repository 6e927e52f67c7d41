! Interop test data: a module with assumed-shape dummy arguments (gfortran's array
! descriptor), compiled by gpuf and by gfortran, used by as_main.f90 built by the other.
module as_mod
  implicit none
contains
  subroutine axpy_as(a, x, y)
    real(8), intent(in) :: a, x(:)
    real(8), intent(inout) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = y(i) + a * x(i)
    end do
  end subroutine axpy_as
  integer function total(k)
    integer, intent(in) :: k(:,:)
    total = sum(k) + 1000 * size(k, 1) + 100 * size(k, 2)
  end function total
  subroutine fill_rows(b, v)
    integer, intent(out) :: b(0:, :)
    integer, intent(in) :: v
    integer :: i, j
    do j = 1, ubound(b, 2)
      do i = 0, ubound(b, 1)
        b(i, j) = v + 10 * i + j
      end do
    end do
  end subroutine fill_rows
  real function norm1(x)
    real, intent(in) :: x(:)
    norm1 = sum(abs(x))
  end function norm1
  function scaled(x, f) result(r)
    real(8), intent(in) :: x(:), f
    real(8) :: r(size(x))
    r = x * f
  end function scaled
  function grid(m, n) result(g)
    integer, intent(in) :: m, n
    integer :: g(m, n)
    integer :: i, j
    do j = 1, n
      do i = 1, m
        g(i, j) = 10 * i + j
      end do
    end do
  end function grid
  ! is_contiguous answers for the actual argument the caller passed.
  integer function contiguity(v, m)
    real(8), intent(in) :: v(:)
    integer, intent(in) :: m(:, :)
    contiguity = 0
    if (is_contiguous(v)) contiguity = contiguity + 1
    if (is_contiguous(m)) contiguity = contiguity + 2
  end function contiguity
end module as_mod
