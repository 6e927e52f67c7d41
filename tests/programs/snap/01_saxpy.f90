! Snapshot: a gang-vector `parallel loop` with implicit copies and a firstprivate scalar.
program saxpy
  implicit none
  integer, parameter :: n = 100
  real :: x(n), y(n), a
  integer :: i
  a = 2.0
  do i = 1, n
    x(i) = real(i)
    y(i) = 1.0
  end do
  !$acc parallel loop
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
  print *, y(1), y(n)
end program saxpy
