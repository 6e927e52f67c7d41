! Tests: external subroutines and functions, arguments by reference, explicit-shape array
! dummies sized by other dummies, function results by name and by result(), recursion.
program subroutines
  implicit none
  integer :: n, i
  real(8) :: v(10), s
  integer :: fact
  real(8) :: total
  n = 10
  do i = 1, n
    v(i) = real(i, 8)
  end do
  call scale(v, n, 2.0d0)
  s = total(v, n)
  print *, 'total =', s
  call swap_first_last(v, n)
  print *, v(1), v(n)
  print *, 'fact(10) =', fact(10)
  i = 3
  call bump(i)
  call bump(i)
  print *, 'bumped', i
  print *, 'sq', square(7), square(i + 1)
contains
  integer function square(k)
    integer, intent(in) :: k
    square = k * k
  end function square
end program subroutines

subroutine scale(a, n, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  real(8), intent(in) :: f
  integer :: i
  do i = 1, n
    a(i) = a(i) * f
  end do
end subroutine scale

real(8) function total(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  integer :: i
  total = 0.0d0
  do i = 1, n
    total = total + a(i)
  end do
end function total

subroutine swap_first_last(a, n)
  implicit none
  integer :: n
  real(8) :: a(n), t
  t = a(1)
  a(1) = a(n)
  a(n) = t
end subroutine swap_first_last

recursive function fact(n) result(r)
  implicit none
  integer, intent(in) :: n
  integer :: r
  if (n <= 1) then
    r = 1
  else
    r = n * fact(n - 1)
  end if
end function fact

subroutine bump(k)
  implicit none
  integer, intent(inout) :: k
  integer :: calls = 0
  calls = calls + 1
  k = k + calls
end subroutine bump
