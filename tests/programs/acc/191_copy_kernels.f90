! Copy loops in compute regions, which the host device's kernels may run as `memcpy` where
! the source is an array no other name reaches: a Jacobi time loop in a data region with
! its copy back a compute region (collapse(2), rows copied in runs), copies of sections of
! rank-2 arrays, a strided copy, a copy within one array whose source and destination
! overlap (in both directions: forward reads must see the old values), and a copy between
! two dummies of one procedure.
program copy_kernels
  implicit none
  integer, parameter :: n = 40, m = 33
  real(8) :: a(n, m), b(n, m), err
  integer :: i, j, it, v(200), w(200), p(100)
  a = 0.0d0
  a(:, 1) = 16.0d0
  b = a
  !$acc data copy(a) create(b)
  do it = 1, 25
    err = 0.0d0
    !$acc parallel loop collapse(2) reduction(max:err) present(a, b)
    do j = 2, m - 1
      do i = 2, n - 1
        b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
        err = max(err, abs(b(i, j) - a(i, j)))
      end do
    end do
    !$acc parallel loop collapse(2) present(a, b)
    do j = 2, m - 1
      do i = 2, n - 1
        a(i, j) = b(i, j)
      end do
    end do
  end do
  !$acc end data
  print '(es14.6, f16.8)', err, sum(a)
  do i = 1, 200
    v(i) = i * 3 - 7
  end do
  w = 0
  !$acc parallel loop copyin(v) copy(w)
  do i = 1, 200, 3
    w(i) = v(i)
  end do
  !$acc parallel loop gang copyin(v) copy(w)
  do i = 11, 150
    w(i + 50) = v(i - 10)
  end do
  print '(3i10)', sum(w), w(61), w(200)
  !$acc parallel loop seq copy(v)
  do i = 199, 1, -1
    v(i + 1) = v(i)
  end do
  print '(3i10)', sum(v), v(1), v(200)
  !$acc serial copy(v)
  do i = 1, 150
    v(i) = v(i + 50)
  end do
  !$acc end serial
  print '(3i10)', sum(v), v(1), v(150)
  do i = 1, 100
    p(i) = 1000 + i
  end do
  call copy_in(100, p, w)
  print '(3i10)', sum(w), w(1), w(100)
contains
  subroutine copy_in(k, src, dst)
    integer, intent(in) :: k
    integer, intent(in) :: src(k)
    integer, intent(inout) :: dst(k)
    integer :: q
    !$acc parallel loop copyin(src) copy(dst)
    do q = 1, k
      dst(q) = src(q)
    end do
  end subroutine
end program
