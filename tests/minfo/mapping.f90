! -Minfo=accel: the loop-mapping report (explicit and implicit data clauses, scalars by
! value, private variables, reductions, collapse, the levels of nested loops, a `kernels`
! loop without a loop directive, a data region).
program mapping
  implicit none
  integer, parameter :: n = 64
  real :: a(n, n), b(n, n), s, t
  integer :: i, j
  a = 1.0
  !$acc data copyin(a) create(b)
  !$acc parallel loop collapse(2) private(t)
  do j = 1, n
    do i = 1, n
      t = a(i, j) * 2.0
      b(i, j) = t
    end do
  end do
  !$acc end data
  s = 0.0
  !$acc parallel loop gang reduction(+:s) copyin(b)
  do j = 1, n
    !$acc loop vector reduction(+:s)
    do i = 1, n
      s = s + b(i, j)
    end do
  end do
  !$acc kernels
  do i = 1, n
    a(i, 1) = a(i, 1) + s
  end do
  !$acc end kernels
  print *, s, a(1, 1)
end program mapping
