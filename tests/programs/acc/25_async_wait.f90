! Tests: async clauses on compute and data directives and the wait directive (gpuf runs
! every construct synchronously, which satisfies the queue semantics); atomic update with a
! three-argument max and min.
program async_wait
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(n), i, big, small
  do i = 1, n
    a(i) = mod(i * 37, 1009)
  end do
  big = 0
  small = 100000
  !$acc enter data copyin(a) async(1)
  !$acc parallel loop present(a) copyout(b) async(1)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc parallel loop present(a) copy(big, small) async(2)
  do i = 1, n
    !$acc atomic update
    big = max(a(i), 3, big)
    !$acc atomic update
    small = min(small, a(i) + 5, 2000)
  end do
  !$acc wait(1)
  !$acc wait
  !$acc exit data delete(a) async(1)
  !$acc wait(1)
  print *, b(1), b(n), sum(b)
  print *, big, small
end program async_wait
