! Elemental user functions and subroutines called with array arguments: whole arrays,
! sections (strided, reversed), rank 2, mixed with scalars, keyword arguments, inside
! expressions, array intrinsics and print lists; intent(inout) writes to each element.
module elems
  implicit none
contains
  elemental real function clamp(x, lo, hi)
    real, intent(in) :: x, lo, hi
    clamp = max(lo, min(hi, x))
  end function clamp

  elemental integer function collatz_len(n)
    integer, intent(in) :: n
    integer :: m
    m = n
    collatz_len = 0
    do while (m /= 1)
      if (mod(m, 2) == 0) then
        m = m / 2
      else
        m = 3 * m + 1
      end if
      collatz_len = collatz_len + 1
    end do
  end function collatz_len

  elemental subroutine swap_if(a, b, flag)
    real, intent(inout) :: a, b
    logical, intent(in) :: flag
    real :: t
    if (flag) then
      t = a
      a = b
      b = t
    end if
  end subroutine swap_if

  elemental subroutine accumulate(total, x, w)
    real(8), intent(inout) :: total
    real(8), intent(in) :: x, w
    total = total + x * w
  end subroutine accumulate
end module elems

program elemental_arrays
  use elems
  implicit none
  real :: x(8), y(8), g(3, 4)
  integer :: n(10), i, j
  real(8) :: t(5), v(5)
  x = [(real(i) * 1.5 - 6.0, i = 1, 8)]
  print '(8f7.2)', clamp(x, -2.0, 3.0)
  print '(8f7.2)', clamp(x, hi=1.0, lo=-1.0)
  print '(4f7.2)', clamp(x(8:1:-2), 0.0, 10.0)
  print '(f8.2)', sum(clamp(x, 0.0, 100.0)) + maxval(clamp(x * 2.0, -5.0, 5.0))
  n = [(i, i = 1, 10)]
  print '(10i4)', collatz_len(n)
  print '(10i4)', collatz_len(n * 3 + 1), collatz_len(27)
  print *, count(collatz_len(n) > 5), maxloc(collatz_len(n))
  y = [(real(9 - i), i = 1, 8)]
  call swap_if(x, y, x < y)
  print '(8f7.2)', x
  print '(8f7.2)', y
  call swap_if(x(1:8:2), y(2:8:2), .true.)
  print '(8f7.2)', x
  print '(8f7.2)', y
  do j = 1, 4
    do i = 1, 3
      g(i, j) = real(i * j) - 5.5
    end do
  end do
  g = clamp(g, -1.0, real(j))
  print '(4f7.2)', (g(i, :), i = 1, 3)
  t = 0d0
  v = [1d0, 2d0, 3d0, 4d0, 5d0]
  call accumulate(t, v, 0.5d0)
  call accumulate(t(2:4), v(4:2:-1), v(1:3))
  call accumulate(t, v * v, w=1d0)
  print '(5f8.2)', t
end program elemental_arrays
