! Array-valued user functions with explicit-shape results: module, internal and
! recursive-free procedures; bounds from scalar arguments, size() of array arguments
! and named constants; results assigned, printed, passed on and used in expressions.
module vecs
  implicit none
  integer, parameter :: dimn = 3
contains
  function ramp(n, start) result(r)
    integer, intent(in) :: n, start
    integer :: r(n)
    integer :: i
    do i = 1, n
      r(i) = start + i - 1
    end do
  end function ramp

  function cross(a, b)
    real(8), intent(in) :: a(dimn), b(dimn)
    real(8) :: cross(dimn)
    cross(1) = a(2) * b(3) - a(3) * b(2)
    cross(2) = a(3) * b(1) - a(1) * b(3)
    cross(3) = a(1) * b(2) - a(2) * b(1)
  end function cross

  function outer(x, y) result(m)
    real, intent(in) :: x(:), y(:)
    real :: m(size(x), size(y))
    integer :: i, j
    do j = 1, size(y)
      do i = 1, size(x)
        m(i, j) = x(i) * y(j)
      end do
    end do
  end function outer

  function evens(n) result(r)
    integer, intent(in) :: n
    logical :: r(0:n - 1)
    integer :: i
    do i = 0, n - 1
      r(i) = mod(i, 2) == 0
    end do
    if (n > 2) return
    r = .false.
  end function evens

  real function total(v)
    real, intent(in) :: v(:)
    total = sum(v)
  end function total
end module vecs

program array_functions
  use vecs
  implicit none
  integer :: k(5), i
  real(8) :: u(3), w(3)
  real :: m(2, 3), x(2), y(3)
  k = ramp(5, 10)
  print '(5i4)', k
  print '(7i4)', ramp(7, -3)
  print *, sum(ramp(4, 1)), size(ramp(6, 0)), maxval(ramp(3, 2) * 2)
  k = ramp(5, 0) + ramp(5, 100)
  print '(5i4)', k
  k(2:4) = ramp(3, 50)
  print '(5i4)', k
  k = k(5:1:-1) + ramp(size(k), 1)
  print '(5i4)', k
  u = [1d0, 0d0, 0d0]
  w = [0d0, 1d0, 0d0]
  print '(3f6.1)', cross(u, w), cross(w, u), cross(cross(u, w), u)
  x = [1.0, 2.0]
  y = [3.0, 4.0, 5.0]
  m = outer(x, y)
  print '(3f6.1)', (m(i, :), i = 1, 2)
  print *, shape(outer(y, x)), sum(outer(y, x))
  print *, sum(outer(x, x)), total(x * 3.0), total(ramp(4, 1) * 0.5)
  print *, evens(5), count(evens(6)), evens(2)
  print '(4f8.2)', twice(4)
  print *, shape(outer(real(ramp(3, 1)), twice(2))), outer(twice(2), x)
  if (any(ramp(3, 0) == 2)) print *, 'found', sum(ramp(sum(ramp(2, 2)), 1))
  do i = 1, size(ramp(3, 7))
    print *, i, ramp(i, i)
  end do
contains
  function twice(n) result(t)
    integer, intent(in) :: n
    real :: t(n)
    t = real(ramp(n, 1)) * 2.5
  end function twice
end program array_functions
