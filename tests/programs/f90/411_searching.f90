! Searching: linear search with early exit, binary search for the first position not less
! than a key (lower bound) and for exact hits, interpolation search on uniform data, and
! bisection on a monotone integer function to find the integer square and cube roots.
program searching
  implicit none
  integer :: a(25), i, k, keys(8), pos, ap(40)
  integer(8) :: big
  a = [(3 * i - 2 * mod(i, 2), i = 1, 25)]
  call isort(a, size(a))
  print '(A,25I4)', 'sorted:', a
  keys = [-5, 1, 2, 10, 36, 50, 70, 100]
  do k = 1, size(keys)
    pos = lower_bound(a, size(a), keys(k))
    print '(A,I4,A,I3,A,L2,A,I3)', 'key', keys(k), ' lower_bound', pos, ' found', &
      found(pos, keys(k)), ' linear', linear(keys(k))
  end do
  ! interpolation search on an arithmetic progression
  ap = [(10 * i, i = 1, 40)]
  do k = 1, 4
    pos = interp(ap, 40, 70 * k)
    print '(A,I4,A,I3)', 'interp', 70 * k, ' at', pos
  end do
  ! integer square and cube roots by bisection
  do k = 1, 5
    big = 10_8 ** (2 * k + 1) + 7
    print '(A,I14,A,I8,A,I6)', 'n=', big, ' isqrt=', iroot(big, 2), ' icbrt=', iroot(big, 3)
  end do
contains
  subroutine isort(v, n)
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    integer :: p, q, t
    do p = 2, n
      t = v(p)
      do q = p - 1, 1, -1
        if (v(q) <= t) exit
        v(q+1) = v(q)
      end do
      v(q+1) = t
    end do
  end subroutine isort
  integer function lower_bound(v, n, key) result(lo)
    integer, intent(in) :: n, v(n), key
    integer :: hi, mid
    lo = 1; hi = n + 1
    do while (lo < hi)
      mid = (lo + hi) / 2
      if (v(mid) < key) then
        lo = mid + 1
      else
        hi = mid
      end if
    end do
  end function lower_bound
  logical function found(p, key)
    integer, intent(in) :: p, key
    found = .false.
    if (p <= size(a)) found = a(p) == key
  end function found
  integer function linear(key)
    integer, intent(in) :: key
    integer :: j
    linear = 0
    do j = 1, size(a)
      if (a(j) == key) then
        linear = j
        exit
      end if
    end do
  end function linear
  integer function interp(v, n, key)
    integer, intent(in) :: n, v(n), key
    integer :: lo, hi, mid
    lo = 1; hi = n; interp = 0
    do while (lo <= hi .and. key >= v(lo) .and. key <= v(hi))
      if (v(hi) == v(lo)) then
        mid = lo
      else
        mid = lo + (key - v(lo)) * (hi - lo) / (v(hi) - v(lo))
      end if
      if (v(mid) == key) then
        interp = mid
        return
      else if (v(mid) < key) then
        lo = mid + 1
      else
        hi = mid - 1
      end if
    end do
  end function interp
  integer(8) function iroot(m, e) result(lo)
    integer(8), intent(in) :: m
    integer, intent(in) :: e
    integer(8) :: hi, mid
    lo = 0; hi = 2_8 ** 21
    do while (hi - lo > 1)
      mid = (lo + hi) / 2
      if (mid ** e <= m) then
        lo = mid
      else
        hi = mid
      end if
    end do
  end function iroot
end program searching
