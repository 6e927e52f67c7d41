! Tests: enter data copyin/create (whole arrays and section), exit data copyout and delete, present across
!        unstructured data lifetime, allocatable 2D arrays
program p05_enter_exit_data
  implicit none
  integer, parameter :: n = 300, m = 7
  integer :: i, j
  real(8), allocatable :: a(:, :), b(:, :)
  integer, allocatable :: c(:)
  real(8) :: sb
  integer :: scnt

  allocate(a(n, m), b(n, m), c(n))
  do j = 1, m
    do i = 1, n
      a(i, j) = dble(i + 1000 * j)
      b(i, j) = 0.0d0
    end do
  end do
  c = 0

  !$acc enter data copyin(a) create(b)
  !$acc enter data create(c(1:n))

  !$acc parallel loop present(a, b)
  do j = 1, m
    !$acc loop
    do i = 1, n
      b(i, j) = a(i, j) * 0.5d0 + dble(j)
    end do
  end do

  !$acc parallel loop present(a, c)
  do i = 1, n
    c(i) = int(a(i, m)) - int(a(i, 1))
  end do

  !$acc exit data copyout(b) delete(a)

  !$acc parallel loop present(c)
  do i = 1, n
    c(i) = c(i) + i
  end do

  !$acc exit data copyout(c)

  sb = 0.0d0
  do j = 1, m
    do i = 1, n
      sb = sb + b(i, j)
    end do
  end do
  scnt = 0
  do i = 1, n
    scnt = scnt + c(i)
  end do
  print *, 'b(1,1), b(n,m) =', b(1, 1), b(n, m)
  print '(A, F16.2)', 'sum(b) = ', sb
  print *, 'c(1), c(n) =', c(1), c(n)
  print '(A, I10)', 'sum(c) = ', scnt
  deallocate(a, b, c)
end program p05_enter_exit_data
