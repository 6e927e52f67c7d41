! Tests: collapse(2) and collapse(3) on parallel loop, kernels loop and loop inside parallel; collapse with
!        reduction; non-unit lower bounds; allocatable rank-2/rank-3 arrays
program p14_collapse
  implicit none
  integer, parameter :: n1 = 33, n2 = 45, n3 = 7
  integer :: i, j, k
  integer, allocatable :: a(:, :), b(:, :)
  real(8), allocatable :: c(:, :, :)
  integer :: s2, r2
  real(8) :: s3, r3, cmax

  allocate(a(n1, n2), b(n1, n2), c(n1, n2, n3))
  do j = 1, n2
    do i = 1, n1
      a(i, j) = i * 100 + j
    end do
  end do
  b = 0

  !$acc parallel loop collapse(2) copyin(a) copy(b)
  do j = 2, n2 - 1
    do i = 2, n1 - 1
      b(i, j) = a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1) - 4 * a(i, j)
    end do
  end do

  !$acc parallel copy(b)
  !$acc loop gang vector collapse(2)
  do j = 1, n2
    do i = 1, n1
      b(i, j) = b(i, j) + i * j
    end do
  end do
  !$acc end parallel

  s2 = 0
  !$acc parallel loop collapse(2) reduction(+:s2) copyin(b)
  do j = 1, n2
    do i = 1, n1
      s2 = s2 + b(i, j)
    end do
  end do

  !$acc kernels loop collapse(3) copyout(c)
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        c(i, j, k) = dble(i) + dble(j) * 0.5d0 - dble(k) * 0.25d0
      end do
    end do
  end do

  s3 = 0.0d0
  cmax = -huge(cmax)
  !$acc parallel loop gang vector collapse(3) reduction(+:s3) reduction(max:cmax) copyin(c)
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        s3 = s3 + c(i, j, k)
        cmax = max(cmax, c(i, j, k) * dble(k))
      end do
    end do
  end do

  r2 = 0
  do j = 1, n2
    do i = 1, n1
      r2 = r2 + b(i, j)
    end do
  end do
  r3 = 0.0d0
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        r3 = r3 + c(i, j, k)
      end do
    end do
  end do

  print *, 'b(1,1), b(2,2), b(n1,n2) =', b(1, 1), b(2, 2), b(n1, n2)
  print *, 'collapse(2) sum =', s2, r2
  print *, 'c(1,1,1), c(n1,n2,n3) =', c(1, 1, 1), c(n1, n2, n3)
  print '(A, F14.3, F14.3)', 'collapse(3) sum = ', s3, r3
  print '(A, F10.3)', 'collapse(3) max = ', cmax
  deallocate(a, b, c)
end program p14_collapse
