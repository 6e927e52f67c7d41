! Loop control: counted loops with negative and non-unit steps and zero-trip counts, the
! iteration count fixed at entry, do while, infinite do with exit, named nested loops with
! exit and cycle of outer loops, and the loop variable's value after the loop.
program loops_named
  implicit none
  integer :: i, j, k, n, found_i, found_j, steps
  n = 5
  do i = 1, n
    n = n - 1
  end do
  print *, 'after', i, n
  k = 0
  do i = 10, 1, -3
    k = k * 100 + i
  end do
  print *, 'down', k, ' end', i
  do i = 1, 0
    print *, 'never'
  end do
  print *, 'zero trip', i
  found_i = 0
  found_j = 0
  outer: do i = 1, 9
    inner: do j = 1, 9
      if (j > i) cycle outer
      if (i * j == 42) then
        found_i = i
        found_j = j
        exit outer
      end if
    end do inner
  end do outer
  print *, 'found', found_i, found_j, i, j
  k = 27
  steps = 0
  do while (k /= 1)
    if (mod(k, 2) == 0) then
      k = k / 2
    else
      k = 3 * k + 1
    end if
    steps = steps + 1
  end do
  print *, 'collatz 27', steps
  k = 0
  do
    k = k + 7
    if (mod(k, 5) == 3) exit
  end do
  print *, 'first', k
  k = 0
  rows: do i = 1, 4
    cols: do j = 1, 4
      if (j == i) cycle rows
      k = k + 10 * i + j
    end do cols
  end do rows
  print *, 'sum', k
  do i = 1, 3
    do j = i, 3
      do k = j, 3
        if (i + j + k == 6) print *, 'triple', i, j, k
      end do
    end do
  end do
end program loops_named
