! kernels loops without `independent`: the dependence test partitions the ones whose
! iterations it proves independent and names why the others stay sequential.
subroutine kauto(n, a, b, c, s)
  implicit none
  interface
    subroutine touch(x)
      !$acc routine seq
      real :: x
    end subroutine
  end interface
  integer :: n, i, j, s
  real :: a(n), b(n), c(n, n)
  !$acc kernels copy(a, b, c, s)
  !$acc loop
  do i = 1, n
    a(i) = b(i) + 1.0
  end do
  !$acc loop auto
  do i = 2, n - 1
    b(i) = a(i - 1) + a(i + 1)
  end do
  !$acc loop
  do j = 1, n
    !$acc loop
    do i = 1, n
      c(i, j) = a(i) * b(j)
    end do
  end do
  !$acc loop
  do i = 2, n
    a(i) = a(i - 1) + 1.0
  end do
  !$acc loop
  do i = 1, n
    s = s + i
  end do
  !$acc loop
  do i = 1, n
    call touch(b(i))
  end do
  ! without a directive: proved, and inside it the inner loop too
  do j = 1, n
    do i = 1, n
      c(i, j) = c(i, j) * 2.0
    end do
  end do
  ! proved, but inside a sequential loop of the kernel
  !$acc loop seq
  do j = 1, 2
    !$acc loop
    do i = 1, n
      a(i) = a(i) + b(i)
    end do
  end do
  !$acc end kernels
end subroutine

! a kernels construct of one loop without a directive that the test does not prove
subroutine kscan(n, a)
  implicit none
  integer :: n, i
  real :: a(n)
  !$acc kernels
  do i = 2, n
    a(i) = a(i - 1) + 1.0
  end do
  !$acc end kernels
end subroutine
