! Tests: update self / update host / update device on whole arrays and sections a(2:5), inside a data region;
!        prints only values the spec guarantees after updates
program p06_update
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  integer :: a(n), b(n)
  real(4) :: x(n)
  integer :: sb
  real(4) :: sx

  do i = 1, n
    a(i) = i
    b(i) = 0
    x(i) = real(i) * 0.25
  end do

  !$acc data copyin(a, x) create(b)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc update self(b)
  sb = 0
  do i = 1, n
    sb = sb + b(i)
  end do
  print *, 'after update self(b): b(1), b(n), sum =', b(1), b(n), sb

  ! change a section of a on the host and push just that section
  a(2:5) = 1000
  !$acc update device(a(2:5))
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = 2 * a(i) + 1
  end do
  !$acc update host(b(1:10))
  print *, 'after update host(b(1:10)): b(1:10) =', b(1), b(2), b(3), b(4), b(5), b(6), b(7), b(8), b(9), b(10)
  !$acc update self(b)
  sb = 0
  do i = 1, n
    sb = sb + b(i)
  end do
  print '(A, I10)', 'after update self(b): sum(b) = ', sb

  ! whole-array update device of host-modified data
  do i = 1, n
    x(i) = real(n - i) * 0.5
  end do
  !$acc update device(x)
  !$acc kernels present(x)
  do i = 1, n
    x(i) = x(i) + 1.0
  end do
  !$acc end kernels
  !$acc update self(x(2:5))
  print *, 'x(2:5) =', x(2), x(3), x(4), x(5)
  !$acc update host(x)
  sx = 0.0
  do i = 1, n
    sx = sx + x(i)
  end do
  print '(A, F12.2)', 'sum(x) = ', sx

  ! device modifies a; bring a section home, then all
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = -a(i)
  end do
  !$acc update self(a(1:6))
  print '(A, 6I7)', 'a(1:6) = ', a(1), a(2), a(3), a(4), a(5), a(6)
  !$acc update self(a)
  print *, 'a(n) =', a(n)
  !$acc end data
end program p06_update
