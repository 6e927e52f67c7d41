! Named constructs in search-style loops: exit and cycle by name out of nested do loops
! (finding a pair with a given sum, the first row with a zero, skipping rows), a named
! do while, named if and block constructs with local variables, and exit from a block.
program named_loops
  implicit none
  integer :: m(5,6), i, j, k, target, fi, fj, skipped, steps
  logical :: found
  do j = 1, 6
    do i = 1, 5
      m(i,j) = mod(i * 7 + j * 3, 10)
    end do
  end do
  do i = 1, 5
    print '(6I3)', m(i,:)
  end do
  do target = 3, 18, 5
    found = .false.
    fi = 0; fj = 0
    rows: do i = 1, 5
      cols: do j = 1, 6
        if (m(i,j) == 0) cycle rows
        do k = j + 1, 6
          if (m(i,j) + m(i,k) == target) then
            found = .true.; fi = i; fj = j * 10 + k
            exit rows
          end if
        end do
      end do cols
    end do rows
    print '(A,I3,A,L2,A,I2,A,I3)', 'target', target, ' found', found, ' row', fi, ' cols', fj
  end do
  skipped = 0
  outer: do i = 1, 5
    inner: do j = 1, 6
      if (m(i,j) > 8) then
        skipped = skipped + 1
        cycle outer
      end if
    end do inner
  end do outer
  print '(A,I3)', 'rows with a 9:', skipped
  steps = 0
  k = 27
  collatz: do while (.true.)
    steps = steps + 1
    check: if (k == 1) then
      exit collatz
    else if (mod(k, 2) == 0) then check
      k = k / 2
    else check
      k = 3 * k + 1
    end if check
  end do collatz
  print '(A,I4)', 'collatz steps from 27:', steps
  stats: block
    integer :: total, nz
    total = sum(m)
    nz = count(m == 0)
    if (nz == 0) exit stats
    print '(A,I4,A,I3)', 'total', total, ' zeros', nz
  end block stats
  blk: block
    real(8) :: avg
    avg = sum(m) / real(size(m), 8)
    print '(A,F8.4)', 'average:', avg
  end block blk
  do i = 1, 3
    block
      integer :: sq
      sq = i * i
      if (sq == 4) cycle
      print '(A,I2)', 'square', sq
    end block
  end do
end program named_loops
