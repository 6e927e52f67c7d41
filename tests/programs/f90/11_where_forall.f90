! Tests: the where statement and construct (elsewhere with and without a mask, several
! assignments per arm, a right side reading the assigned array through a shifted section,
! rank-2 masks, scalar right sides); forall statement and construct (two indices, strides,
! a mask, right sides reading the assigned array); do concurrent (two indices, a mask,
! cycle, negative step).
program where_forall
  implicit none
  integer :: a(8), b(8), c(3, 4), t(4, 4), i, j, s
  real :: x(6)
  logical :: keep(8)

  a = [5, -3, 0, 7, -1, 2, -8, 4]
  b = 0
  where (a > 0) b = a * 2
  print *, 'w1', b
  where (a > 0)
    b = 1
  elsewhere (a == 0)
    b = 2
  elsewhere (a < -2)
    b = 3
  elsewhere
    b = 4
  end where
  print *, 'w2', b
  where (a < 0)
    a = -a
    b = a + 100
  elsewhere
    b = -1
  end where
  print *, 'w3', a, b
  keep = mod(a, 2) == 0
  where (keep) a = 0
  print *, 'w4', a
  a = [1, 2, 3, 4, 5, 6, 7, 8]
  where (a(1:7) > 2) a(2:8) = a(1:7)
  print *, 'w5', a
  x = [0.5, 1.5, 2.5, -0.25, 4.0, -3.5]
  where (x > 1.0)
    x = x / 2.0
  elsewhere
    x = x * 4.0
  end where
  print *, 'w6', x
  do j = 1, 4
    do i = 1, 3
      c(i, j) = i * 10 + j
    end do
  end do
  where (mod(c, 2) == 1) c = -c
  print *, 'w7', c
  where (c > 0) c = sum(c)
  print *, 'w8', c

  forall (i = 1:4, j = 1:4) t(i, j) = i * 10 + j
  print *, 'f1', t
  forall (i = 1:4, j = 1:4, i < j) t(i, j) = t(j, i)
  print *, 'f2', t
  a = [1, 2, 3, 4, 5, 6, 7, 8]
  forall (i = 2:8) a(i) = a(i - 1) + a(i)
  print *, 'f3', a
  forall (i = 1:7:2)
    b(i) = -i
    b(i + 1) = b(i) * 3
  end forall
  print *, 'f4', b
  forall (i = 8:1:-3) b(i) = 99
  print *, 'f5', b

  s = 0
  do concurrent (i = 1:3, j = 1:4, mod(i + j, 2) == 0)
    s = s + i * j
  end do
  print *, 'd1', s
  do concurrent (i = 1:8)
    if (i == 3) cycle
    b(i) = i * i
  end do
  print *, 'd2', b
  do concurrent (i = 8:1:-2)
    b(i) = 0
  end do
  print *, 'd3', b
end program where_forall
