! Partitioned loops around a small sequential inner loop, which the host device unrolls by
! four and jams: every count of iterations from 1 to 11 (so each thread's run leaves 0 to 3
! iterations after the groups of four, with 1 to 4 threads), collapsed and single loops,
! a private accumulator and a second private value, an inner loop of no trips, integer(8)
! loop variables and a branch after the inner loop.
program unroll_jam_by_four
  implicit none
  integer, parameter :: mx = 11, p = 6
  real(8) :: a(mx, p), b(p, mx), c(mx, mx), s, t
  integer :: i, j, k, n, q, h(mx)
  integer(8) :: i8, k8
  integer(8) :: g(mx)
  do j = 1, p
    do i = 1, mx
      a(i, j) = real(mod(i * 3 + j, 7) - 3, 8)
      b(j, i) = real(mod(i + 5 * j, 5) - 2, 8) * 0.5d0
    end do
  end do
  do n = 1, mx
    c = 0
    !$acc parallel loop collapse(2) copyin(a, b) copy(c) private(s)
    do j = 1, n
      do i = 1, n
        s = 0
        do k = 1, p
          s = s + a(i, k) * b(k, j)
        end do
        c(i, j) = s
      end do
    end do
    h = 0
    q = n / 2
    !$acc parallel loop copyin(a) copy(h) private(s, t)
    do i = 1, n
      s = 0
      t = 1
      do k = 1, q
        s = s + a(i, k)
        t = t * 2
      end do
      if (s > 0) then
        h(i) = int(s) + int(t)
      else
        h(i) = -int(t)
      end if
    end do
    g = 0
    !$acc parallel loop copy(g) private(k8)
    do i8 = 1_8, int(n, 8)
      g(i8) = 0
      do k8 = 1_8, 3_8
        g(i8) = g(i8) + i8 * k8
      end do
    end do
    print '(i3, f12.2, 2i8)', n, sum(c), sum(h), sum(g)
  end do
end program
