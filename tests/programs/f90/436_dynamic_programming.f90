! Dynamic programming on 2-D integer tables: longest common subsequence of two strings
! with the subsequence recovered by backtracking, edit distance, 0/1 knapsack with the
! chosen items, and the number of lattice paths avoiding blocked cells.
program dynamic_programming
  implicit none
  character(len=12) :: s1
  character(len=10) :: s2
  character(len=12) :: lcs
  integer :: t(0:12, 0:10), i, j, k
  integer :: wt(6) = [3, 4, 5, 9, 4, 2], val(6) = [3, 5, 6, 10, 4, 1], best(0:6, 0:15)
  integer(8) :: paths(5, 6)
  logical :: blocked(5, 6), take(6)
  s1 = 'ACCGGTCGAGTG'
  s2 = 'GTCGTTCGGA'
  t = 0
  do i = 1, len(s1)
    do j = 1, len(s2)
      if (s1(i:i) == s2(j:j)) then
        t(i,j) = t(i-1,j-1) + 1
      else
        t(i,j) = max(t(i-1,j), t(i,j-1))
      end if
    end do
  end do
  print '(A,I3)', 'lcs length:', t(len(s1), len(s2))
  lcs = ''
  i = len(s1); j = len(s2); k = t(i,j)
  do while (i > 0 .and. j > 0)
    if (s1(i:i) == s2(j:j)) then
      lcs(k:k) = s1(i:i); k = k - 1; i = i - 1; j = j - 1
    else if (t(i-1,j) >= t(i,j-1)) then
      i = i - 1
    else
      j = j - 1
    end if
  end do
  print '(A,A)', 'lcs: ', trim(lcs)
  print '(A,I3)', 'edit kitten/sitting:', edit('kitten', 'sitting')
  print '(A,I3)', 'edit flaw/lawn:', edit('flaw', 'lawn')
  print '(A,I3)', 'edit empty/abc:', edit('', 'abc')
  ! knapsack with capacity 15
  best = 0
  do i = 1, 6
    do j = 0, 15
      best(i,j) = best(i-1,j)
      if (wt(i) <= j) best(i,j) = max(best(i,j), best(i-1,j-wt(i)) + val(i))
    end do
  end do
  j = 15
  do i = 6, 1, -1
    take(i) = best(i,j) /= best(i-1,j)
    if (take(i)) j = j - wt(i)
  end do
  print '(A,I4,A,6L2)', 'knapsack value:', best(6,15), ' items:', take
  print '(A,I4)', 'weight used:', sum(wt, mask=take)
  blocked = .false.
  blocked(2,2) = .true.; blocked(3,4) = .true.; blocked(4,2) = .true.
  paths = 0
  paths(1,1) = 1
  do j = 1, 6
    do i = 1, 5
      if (blocked(i,j) .or. (i == 1 .and. j == 1)) cycle
      if (i > 1) paths(i,j) = paths(i,j) + paths(i-1,j)
      if (j > 1) paths(i,j) = paths(i,j) + paths(i,j-1)
    end do
  end do
  print '(A,I6)', 'lattice paths:', paths(5,6)
contains
  integer function edit(a, b)
    character(len=*), intent(in) :: a, b
    integer :: d(0:len(a), 0:len(b)), p, q, c
    do p = 0, len(a)
      d(p,0) = p
    end do
    do q = 0, len(b)
      d(0,q) = q
    end do
    do p = 1, len(a)
      do q = 1, len(b)
        c = merge(0, 1, a(p:p) == b(q:q))
        d(p,q) = min(d(p-1,q) + 1, d(p,q-1) + 1, d(p-1,q-1) + c)
      end do
    end do
    edit = d(len(a), len(b))
  end function edit
end program dynamic_programming
