! Tests: data/end data with copyin/create/copyout/copy, several parallel loop / kernels / serial constructs
!        using present(...), allocatable arrays
program p04_data_region
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real(8), allocatable :: a(:), b(:), c(:)
  integer, allocatable :: idx(:)
  real(8) :: sc
  integer :: si

  allocate(a(n), b(n), c(n), idx(n))
  do i = 1, n
    a(i) = dble(i) * 0.5d0
    idx(i) = n + 1 - i
  end do
  b = 0.0d0
  c = 0.0d0

  !$acc data copyin(a) create(b) copyout(c) copy(idx)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = a(i) * 4.0d0
  end do

  !$acc kernels present(a, b, c)
  do i = 1, n
    c(i) = b(i) - a(i)
  end do
  !$acc end kernels

  !$acc parallel loop present(c, idx)
  do i = 1, n
    idx(i) = idx(i) + int(c(i))
  end do

  !$acc parallel present(b, c)
  !$acc loop gang
  do i = 1, n
    c(i) = c(i) + b(n + 1 - i)
  end do
  !$acc end parallel

  !$acc serial present(c)
  c(1) = -1.0d0
  c(n) = -2.0d0
  !$acc end serial
  !$acc end data

  sc = 0.0d0
  si = 0
  do i = 1, n
    sc = sc + c(i)
    si = si + idx(i)
  end do
  print *, 'c(1), c(2), c(n-1), c(n) =', c(1), c(2), c(n - 1), c(n)
  print *, 'idx(1), idx(n) =', idx(1), idx(n)
  print '(A, F16.3)', 'sum(c) = ', sc
  print '(A, I10)', 'sum(idx) = ', si
  deallocate(a, b, c, idx)
end program p04_data_region
