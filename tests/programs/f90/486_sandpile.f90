! The abelian sandpile model on an integer grid: grains dropped at the centre, unstable
! sites (4 or more grains) toppling to their neighbours with grains lost at the edges,
! topple counts, the final pattern's symmetry under reversed sections, and the
! conservation law (grains added = grains left + grains lost).
program sandpile
  implicit none
  integer, parameter :: n = 11
  integer :: g(0:n+1, 0:n+1), topples, lost, added, i, j, c, rounds
  logical :: unstable
  g = 0
  c = (n + 1) / 2
  added = 0
  topples = 0
  rounds = 0
  do while (added < 300)
    g(c, c) = g(c, c) + 50
    added = added + 50
    do
      unstable = .false.
      rounds = rounds + 1
      do j = 1, n
        do i = 1, n
          if (g(i, j) >= 4) then
            unstable = .true.
            g(i, j) = g(i, j) - 4
            g(i-1, j) = g(i-1, j) + 1
            g(i+1, j) = g(i+1, j) + 1
            g(i, j-1) = g(i, j-1) + 1
            g(i, j+1) = g(i, j+1) + 1
            topples = topples + 1
          end if
        end do
      end do
      if (.not. unstable) exit
    end do
  end do
  lost = sum(g(0, :)) + sum(g(n+1, :)) + sum(g(1:n, 0)) + sum(g(1:n, n+1))
  do i = 1, n
    print '(11I2)', g(i, 1:n)
  end do
  print '(A,I5,A,I5,A,I5)', 'added', added, ' on grid', sum(g(1:n, 1:n)), ' lost', lost
  print '(A,L2)', 'conserved:', added == sum(g(1:n, 1:n)) + lost
  print '(A,I7)', 'topples:', topples
  print '(A,L2)', 'stable:', all(g(1:n, 1:n) < 4)
  print '(A,L2)', 'mirror symmetric:', all(g(1:n, 1:n) == g(n:1:-1, 1:n))
  print '(A,L2)', 'transpose symmetric:', all([((g(i, j) == g(j, i), i = 1, n), j = 1, n)])
  print '(A,4I4)', 'grain histogram 0..3:', (count(g(1:n, 1:n) == i), i = 0, 3)
end program sandpile
