! Partitioned loops around a sequential inner loop, as the host device unrolls and jams them
! (two iterations of the innermost partitioned loop share one pass of the inner loop): odd
! and even counts per thread, collapse and single loops, integer(8) variables, inner loops
! of no trips, bounds that depend on the outer variable (not jammed), statements after the
! inner loop with branches, steps other than 1, and values that must not leak between the
! two iterations of a pair.
program unroll_jam
  implicit none
  integer, parameter :: n = 9, m = 7, p = 5
  real(8) :: a(n, p), b(p, m), c(n, m), s, t
  integer :: i, j, k, cnt(n), tri(n), w(n, m)
  integer(8) :: i8, j8, k8
  integer :: q, r
  do j = 1, p
    do i = 1, n
      a(i, j) = real(mod(i + 2 * j, 7) - 3, 8)
    end do
  end do
  do j = 1, m
    do i = 1, p
      b(i, j) = real(mod(i * j, 5), 8) * 0.5d0
    end do
  end do
  ! A matrix product, collapsed (9 x 7: odd rows).
  !$acc parallel loop gang collapse(2) copyin(a, b) copyout(c) private(s)
  do j = 1, m
    do i = 1, n
      s = 0.0d0
      do k = 1, p
        s = s + a(i, k) * b(k, j)
      end do
      c(i, j) = s
    end do
  end do
  print '(9F8.2)', c
  ! Single loop, an accumulator and a second private value, a branch after the inner loop.
  !$acc parallel loop copyin(a) copyout(cnt) private(s, t)
  do i = 1, n
    s = 0.0d0
    t = real(i, 8)
    do k = 1, p
      s = s + a(i, k)
      t = t - 1.0d0
    end do
    if (s > 0.0d0) then
      cnt(i) = int(s) * 10 + int(t)
    else
      cnt(i) = -int(s) * 100 + int(t)
    end if
  end do
  print '(9I6)', cnt
  ! Inner loop of no trips: the accumulator keeps its start value.
  q = 0
  !$acc parallel loop copyout(cnt) private(r)
  do i = 1, n
    r = i
    do k = 1, q
      r = r + 1000
    end do
    cnt(i) = r
  end do
  print '(9I6)', cnt
  ! Triangular inner loop (its bounds depend on i).
  !$acc parallel loop copyout(tri) private(r)
  do i = 1, n
    r = 0
    do k = 1, i
      r = r + k
    end do
    tri(i) = r
  end do
  print '(9I6)', tri
  ! integer(8) variables, collapsed, with an even inner count.
  !$acc parallel loop collapse(2) copyout(w) private(r)
  do j8 = 1_8, int(m, 8)
    do i8 = 1_8, int(n, 8)
      r = 0
      do k8 = 1_8, 4_8
        r = r + int(i8 * k8 + j8)
      end do
      w(i8, j8) = r
    end do
  end do
  print '(9I5)', w
  ! A step of -2 (not jammed) and a partitioned loop of a single iteration.
  w = 0
  !$acc parallel loop copy(w) private(r)
  do i = n, 1, -2
    r = 0
    do k = 1, 3
      r = r + i * k
    end do
    w(i, 1) = r
  end do
  !$acc parallel loop copy(w) private(r)
  do i = 4, 4
    r = 0
    do k = 1, 3
      r = r + k
    end do
    w(i, 2) = r
  end do
  print '(9I5)', w(:, 1:2)
end program unroll_jam
