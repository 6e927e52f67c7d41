! Recursive algorithms on integer data: top-down merge sort with a work array, generation
! of all permutations by swapping (counted and the first few printed), N-queens counting
! with backtracking, flood fill on a small grid, and the partition function p(n).
program recursive_algos
  implicit none
  integer :: a(15), w(15), p(4), i, nperm, grid(6,8), filled
  integer, parameter :: nq = 6
  integer :: cols(nq), nsol
  a = [(mod(i * 37, 23), i = 1, 15)]
  call msort(1, 15)
  print '(A,15I3)', 'merge sorted:', a
  p = [1, 2, 3, 4]
  nperm = 0
  call permute(1)
  print '(A,I4)', 'permutations of 4:', nperm
  nsol = 0
  call queens(1)
  print '(A,I3,A,I4)', 'queens on', nq, ' board:', nsol
  grid = 0
  grid(3, 1:6) = 1
  grid(1:5, 6) = 1
  filled = 0
  call fill(1, 1)
  print '(A,I3)', 'cells filled:', filled
  do i = 1, 6
    print '(8I2)', grid(i, :)
  end do
  print '(A,5I6)', 'partitions:', (npart(i, i), i = 5, 25, 5)
contains
  recursive subroutine msort(lo, hi)
    integer, intent(in) :: lo, hi
    integer :: mid, l, r, k
    if (hi <= lo) return
    mid = (lo + hi) / 2
    call msort(lo, mid)
    call msort(mid + 1, hi)
    l = lo; r = mid + 1; k = lo
    do while (l <= mid .and. r <= hi)
      if (a(l) <= a(r)) then
        w(k) = a(l); l = l + 1
      else
        w(k) = a(r); r = r + 1
      end if
      k = k + 1
    end do
    do while (l <= mid)
      w(k) = a(l); l = l + 1; k = k + 1
    end do
    do while (r <= hi)
      w(k) = a(r); r = r + 1; k = k + 1
    end do
    a(lo:hi) = w(lo:hi)
  end subroutine msort
  recursive subroutine permute(k)
    integer, intent(in) :: k
    integer :: j, t
    if (k == size(p)) then
      nperm = nperm + 1
      if (nperm <= 4 .or. nperm == 24) print '(A,I3,A,4I2)', 'perm', nperm, ':', p
      return
    end if
    do j = k, size(p)
      t = p(k); p(k) = p(j); p(j) = t
      call permute(k + 1)
      t = p(k); p(k) = p(j); p(j) = t
    end do
  end subroutine permute
  recursive subroutine queens(row)
    integer, intent(in) :: row
    integer :: c, r
    logical :: ok
    if (row > nq) then
      nsol = nsol + 1
      return
    end if
    do c = 1, nq
      ok = .true.
      do r = 1, row - 1
        if (cols(r) == c .or. abs(cols(r) - c) == row - r) then
          ok = .false.
          exit
        end if
      end do
      if (ok) then
        cols(row) = c
        call queens(row + 1)
      end if
    end do
  end subroutine queens
  recursive subroutine fill(r, c)
    integer, intent(in) :: r, c
    if (r < 1 .or. r > size(grid, 1) .or. c < 1 .or. c > size(grid, 2)) return
    if (grid(r, c) /= 0) return
    grid(r, c) = 2
    filled = filled + 1
    call fill(r + 1, c); call fill(r - 1, c)
    call fill(r, c + 1); call fill(r, c - 1)
  end subroutine fill
  recursive integer function npart(n, m) result(res)
    integer, intent(in) :: n, m
    if (n == 0) then
      res = 1
    else if (n < 0 .or. m == 0) then
      res = 0
    else
      res = npart(n - m, m) + npart(n, m - 1)
    end if
  end function npart
end program recursive_algos
