! The contiguous attribute on assumed-shape dummies (whole arrays and sections passed),
! impure elemental functions and subroutines (called in element order), and an internal
! procedure that uses a module its host also uses (with a rename and an only list).
module counters
  implicit none
  integer :: calls = 0
  integer, parameter :: base = 100
contains
  impure elemental function tick(x) result(y)
    integer, intent(in) :: x
    integer :: y
    calls = calls + 1
    y = 2 * x + calls
  end function
  impure elemental subroutine log_value(x)
    real, intent(in) :: x
    calls = calls + 1
    print '(a, i0, a, f6.2)', 'call ', calls, ': ', x
  end subroutine
  subroutine bump(a)
    real, contiguous, intent(inout) :: a(:)
    a = a + 1
    print *, size(a), sum(a)
  end subroutine
  subroutine bump2(m)
    integer, contiguous, intent(inout) :: m(:, :)
    m = m * 2
    print *, shape(m)
  end subroutine
end module

program contiguous_impure_elemental
  use counters
  implicit none
  real :: r(6)
  integer :: m(3, 4), k(4), i
  r = [(real(i), i = 1, 6)]
  call bump(r)
  call bump(r(2:4))
  print *, r
  m = 1
  call bump2(m)
  call bump2(m(:, 2:3))
  print *, m
  k = tick([1, 2, 3, 4])
  print *, k, calls
  call log_value(r(1:3))
  print *, tick(10)
  call inner()
  print *, calls
contains
  subroutine inner()
    use counters, only: n => calls, base
    n = n + base
    print *, n, calls
  end subroutine
end program
