! Interop test data: calls the assumed-shape procedures of as_mod.f90 with whole arrays,
! contiguous and strided sections and array expressions; asks is_contiguous of them.
program as_main
  use as_mod
  implicit none
  real(8) :: x(8), y(8)
  integer :: k(3, 4), b(4, 5), i, j
  real :: r(6)
  do i = 1, 8
    x(i) = real(i, 8)
    y(i) = 1.0d0
  end do
  call axpy_as(2.0d0, x, y)
  print *, y
  call axpy_as(-1.0d0, x(1:7:2), y(2:8:2))
  print *, y
  call axpy_as(0.5d0, x(3:6), y(8:5:-1))
  print *, y
  do j = 1, 4
    do i = 1, 3
      k(i, j) = i * j
    end do
  end do
  print *, total(k), total(k(2:3, :)), total(k(1:3:2, 2:4)), total(k * 2)
  b = 0
  call fill_rows(b, 7)
  print *, b
  call fill_rows(b(2:4, 1:5:2), -100)
  print *, b
  r = [1.5, -2.0, 3.25, -4.0, 0.5, 6.0]
  print *, norm1(r), norm1(r(2:6:2)), norm1(r(6:1:-1) * 2.0)
  print *, scaled(x(2:8:3), 0.5d0), sum(scaled(y, 2d0))
  y(1:4) = scaled(x(5:8), -1d0)
  print *, y
  k = grid(3, 4)
  print *, k, total(grid(2, 5))
  b(2:3, 1:5:2) = grid(2, 3)
  print *, b
  print *, contiguity(x, b), contiguity(x(1:7:2), b(2:4, :)), contiguity(x(3:6), b(:, 2:3)), &
    contiguity(x(8:1:-1), b(1:4:2, 1:1)), contiguity(x(4:4:2), b(:, 5:4)), contiguity(x * 2, b(2:2, 1:5:2))
end program as_main
