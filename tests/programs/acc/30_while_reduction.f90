! Tests: a do while loop inside a (auto-partitioned) loop whose condition depends on a
! vector/worker reduction computed in the previous iteration: every thread must see the
! reduced value, and the reduction variable stays private to each gang iteration.
program while_reduction
  implicit none
  integer, parameter :: n = 12, m = 300
  integer :: a(n, m), total, rounds(n), x, y, r
  do y = 1, m
    do x = 1, n
      a(x, y) = mod(x * y, 7)
    end do
  end do
  !$acc parallel copy(a) copyout(rounds)
  !$acc loop private(r)
  do x = 1, n
    total = 0
    r = 0
    do while (total < 5000 * x)
      total = 0
      r = r + 1
      !$acc loop
      do y = 1, m
        a(x, y) = a(x, y) + 1
      end do
      !$acc loop reduction(+:total)
      do y = 1, m
        total = total + a(x, y)
      end do
    end do
    rounds(x) = r
  end do
  !$acc end parallel
  print *, rounds
  print *, sum(a)
end program while_reduction
