! A recursive `!$acc routine seq`: a function and a subroutine that call themselves,
! called from compute constructs and from host code.
module recursion_m
  implicit none
contains
  recursive integer function fib(n) result(r)
    !$acc routine seq
    integer, value :: n
    if (n < 2) then
      r = n
    else
      r = fib(n - 1) + fib(n - 2)
    end if
  end function

  recursive subroutine gcd(a, b, g)
    !$acc routine seq
    integer, value :: a, b
    integer, intent(out) :: g
    if (b == 0) then
      g = a
    else
      call gcd(b, mod(a, b), g)
    end if
  end subroutine

  recursive integer function depth_sum(a, lo, hi) result(s)
    !$acc routine seq
    integer, intent(in) :: a(*)
    integer, value :: lo, hi
    integer :: mid
    if (lo == hi) then
      s = a(lo)
    else
      mid = (lo + hi) / 2
      s = depth_sum(a, lo, mid) + depth_sum(a, mid + 1, hi)
    end if
  end function
end module

program routine_recursive
  use recursion_m
  implicit none
  integer, parameter :: n = 20
  integer :: f(n), g(n), s(n), a(64), i, total
  do i = 1, 64
    a(i) = i * i
  end do
  !$acc parallel loop copyout(f, g, s) copyin(a)
  do i = 1, n
    f(i) = fib(i)
    call gcd(36 * i, 84, g(i))
    s(i) = depth_sum(a, 1, i + 44)
  end do
  print '(10i6)', f
  print '(10i6)', g
  print '(5i8)', s
  total = 0
  !$acc serial copyin(a) copy(total)
  total = depth_sum(a, 1, 64) + fib(10)
  !$acc end serial
  print *, total, depth_sum(a, 1, 64) + fib(10), fib(15)
end program
