! Recursive functions and subroutines: factorial in integer(8), Fibonacci, Ackermann,
! the towers of Hanoi (counting and printing moves), a recursive binary search and a
! recursive greatest common divisor, with result clauses and intent.
program recursion
  implicit none
  integer :: i, moves
  integer :: sorted(15)
  do i = 0, 20, 4
    print *, 'fact', i, fact(int(i, 8))
  end do
  print *, 'fib', (fib(i), i = 1, 15)
  print *, 'ack', ack(2, 3), ack(3, 3)
  moves = 0
  call hanoi(3, 1, 3, 2, moves, .true.)
  print *, 'moves', moves
  moves = 0
  call hanoi(10, 1, 3, 2, moves, .false.)
  print *, 'moves', moves
  sorted = [(i * 3 - 7, i = 1, 15)]
  print *, 'search', bsearch(sorted, 1, 15, 14), bsearch(sorted, 1, 15, 15), bsearch(sorted, 1, 15, -4)
  print *, 'gcd', gcd(1071, 462), gcd(17, 5), gcd(0, 9), gcd(48, 180)
contains
  recursive function fact(n) result(f)
    integer(8), intent(in) :: n
    integer(8) :: f
    if (n <= 1) then
      f = 1
    else
      f = n * fact(n - 1)
    end if
  end function fact
  recursive integer function fib(n) result(r)
    integer, intent(in) :: n
    if (n < 3) then
      r = 1
    else
      r = fib(n - 1) + fib(n - 2)
    end if
  end function fib
  recursive function ack(m, n) result(r)
    integer, intent(in) :: m, n
    integer :: r
    if (m == 0) then
      r = n + 1
    else if (n == 0) then
      r = ack(m - 1, 1)
    else
      r = ack(m - 1, ack(m, n - 1))
    end if
  end function ack
  recursive subroutine hanoi(n, from, to, via, moves, show)
    integer, intent(in) :: n, from, to, via
    integer, intent(inout) :: moves
    logical, intent(in) :: show
    if (n == 0) return
    call hanoi(n - 1, from, via, to, moves, show)
    moves = moves + 1
    if (show) print '(A,I2,A,I1,A,I1)', 'disk', n, ' ', from, '->', to
    call hanoi(n - 1, via, to, from, moves, show)
  end subroutine hanoi
  recursive function bsearch(a, lo, hi, key) result(pos)
    integer, intent(in) :: a(*)
    integer, intent(in) :: lo, hi, key
    integer :: pos, mid
    if (lo > hi) then
      pos = -1
      return
    end if
    mid = (lo + hi) / 2
    if (a(mid) == key) then
      pos = mid
    else if (a(mid) < key) then
      pos = bsearch(a, mid + 1, hi, key)
    else
      pos = bsearch(a, lo, mid - 1, key)
    end if
  end function bsearch
  recursive function gcd(a, b) result(g)
    integer, intent(in) :: a, b
    integer :: g
    if (b == 0) then
      g = a
    else
      g = gcd(b, mod(a, b))
    end if
  end function gcd
end program recursion
