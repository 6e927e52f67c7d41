! Elemental and pure procedures called on scalars inside loops, forall and do concurrent
! (the way older codes use them), an elemental subroutine called on array elements, pure
! functions calling other pure functions, and module procedures with intent(in) arguments.
module elem
  implicit none
contains
  elemental real(8) function clamp(x, lo, hi)
    real(8), intent(in) :: x, lo, hi
    clamp = min(max(x, lo), hi)
  end function clamp
  elemental integer function collatz_len(n)
    integer, intent(in) :: n
    integer :: m
    m = n
    collatz_len = 1
    do while (m /= 1)
      if (mod(m, 2) == 0) then
        m = m / 2
      else
        m = 3 * m + 1
      end if
      collatz_len = collatz_len + 1
    end do
  end function collatz_len
  elemental subroutine swap_if_greater(a, b)
    integer, intent(inout) :: a, b
    integer :: t
    if (a > b) then
      t = a; a = b; b = t
    end if
  end subroutine swap_if_greater
  pure integer function gcd(a, b)
    integer, intent(in) :: a, b
    integer :: x, y, t
    x = abs(a); y = abs(b)
    do while (y /= 0)
      t = mod(x, y); x = y; y = t
    end do
    gcd = x
  end function gcd
  pure integer function lcm(a, b)
    integer, intent(in) :: a, b
    lcm = abs(a * b) / gcd(a, b)
  end function lcm
  pure real(8) function poly(x)
    real(8), intent(in) :: x
    poly = (x - 1) * (x + 2) / 4
  end function poly
end module elem

program elemental_pure
  use elem
  implicit none
  real(8) :: v(8), w(8)
  integer :: n(10), a(6), b(6), g(5,5), i, j, best
  v = [(real(i, 8) / 2 - 2, i = 1, 8)]
  do i = 1, 8
    w(i) = clamp(v(i), -1.0d0, 1.0d0)
  end do
  print '(8F7.2)', w
  forall (i = 1:8) w(i) = clamp(v(i), v(2), 0.5d0)
  print '(8F7.2)', w
  print '(F7.2)', clamp(5.0d0, 0.0d0, 2.5d0)
  do concurrent (i = 1:10)
    n(i) = collatz_len(i)
  end do
  print '(10I4)', n
  best = 0
  do i = 1, 29
    best = max(best, collatz_len(i))
  end do
  print '(A,I4)', 'longest below 30:', best
  a = [5, 1, 7, 3, 9, 2]
  b = [4, 8, 6, 3, 1, 2]
  do i = 1, 6
    call swap_if_greater(a(i), b(i))
  end do
  print '(6I3)', a
  print '(6I3)', b
  forall (i = 1:5, j = 1:5) g(i, j) = gcd(6 * i, 4 * j)
  do i = 1, 5
    print '(5I4)', g(i, :)
  end do
  print '(A,I6)', 'lcm(1..10):', fold_lcm(10)
  do concurrent (i = 1:8)
    v(i) = poly(real(i, 8))
  end do
  print '(8F7.2)', v
contains
  pure integer function fold_lcm(m)
    integer, intent(in) :: m
    integer :: k
    fold_lcm = 1
    do k = 2, m
      fold_lcm = lcm(fold_lcm, k)
    end do
  end function fold_lcm
end program elemental_pure
