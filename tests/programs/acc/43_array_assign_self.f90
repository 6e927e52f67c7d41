! Array assignments inside compute constructs whose right side reads the left side: element
! by element (`a = a + 1`, no temporary needed) and overlapping sections (a temporary in
! the thread's stack frame), in serial, parallel, kernels and in gang loops.
program array_assign_self
  implicit none
  integer :: a(8), b(8), c(4, 6), i
  integer, allocatable :: d(:)
  integer(8) :: h(5)
  real(8) :: r(6)
  allocate(d(6))
  a = [(i, i = 1, 8)]
  b = 2
  c = reshape([(i, i = 1, 24)], [4, 6])
  d = 5
  h = [(int(i, 8), i = 1, 5)]
  r = 0.5d0
  !$acc serial copy(a, b, c, d, h, r)
  a = a + 1
  b(2:8) = b(1:7) + a(2:8)
  c(2, :) = max(c(2, :) * 2, c(1, :))
  c(:, 3) = c(4:1:-1, 3) + c(:, 2)
  d = d * 2 + 1
  h(2:5) = h(1:4) * 3_8
  r(2:6) = r(1:5) + r(2:6) * 2
  !$acc end serial
  print '(8i5)', a, b
  print '(6i5)', c, d
  print '(5i5)', h
  print '(6f8.3)', r

  !$acc parallel loop copy(c)
  do i = 1, 4
    c(i, :) = c(i, :) * 2 + 1
    c(i, 2:6) = c(i, 1:5) - c(i, 2:6)
  end do
  print '(6i5)', c

  !$acc kernels copy(a)
  a(8:1:-1) = a
  !$acc end kernels
  print '(8i5)', a

  !$acc parallel num_gangs(1) copy(a, d)
  a = abs(a - 10) + a(1)
  d = d * 3 - d
  !$acc end parallel
  print '(8i5)', a
  print '(6i5)', d
end program array_assign_self
