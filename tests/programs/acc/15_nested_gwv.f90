! Tests: 3-deep nested loops with gang, worker and vector on each level; num_gangs/num_workers/vector_length
!        on parallel; kernels with loop gang/worker/vector; allocatable rank-3 arrays
program p15_nested_gwv
  implicit none
  integer, parameter :: nk = 13, nj = 21, ni = 77
  integer :: i, j, k
  real(4), allocatable :: u(:, :, :), v(:, :, :)
  integer, allocatable :: w(:, :, :)
  real(8) :: su, sv
  integer :: sw

  allocate(u(ni, nj, nk), v(ni, nj, nk), w(ni, nj, nk))
  do k = 1, nk
    do j = 1, nj
      do i = 1, ni
        u(i, j, k) = real(i + j + k) * 0.5
      end do
    end do
  end do

  !$acc parallel num_gangs(8) num_workers(4) vector_length(32) copyin(u) copyout(v)
  !$acc loop gang
  do k = 1, nk
    !$acc loop worker
    do j = 1, nj
      !$acc loop vector
      do i = 1, ni
        v(i, j, k) = u(i, j, k) * 2.0 - real(k)
      end do
    end do
  end do
  !$acc end parallel

  !$acc parallel loop gang num_gangs(5) num_workers(2) vector_length(64) copyin(v) copyout(w)
  do k = 1, nk
    !$acc loop worker
    do j = 1, nj
      !$acc loop vector
      do i = ni, 1, -1
        w(i, j, k) = int(v(i, j, k)) * (1 + mod(i, 3))
      end do
    end do
  end do

  !$acc kernels copy(u)
  !$acc loop gang
  do k = 1, nk
    !$acc loop worker
    do j = 1, nj
      !$acc loop vector
      do i = 1, ni
        u(i, j, k) = u(i, j, k) + 0.25
      end do
    end do
  end do
  !$acc end kernels

  su = 0.0d0
  sv = 0.0d0
  sw = 0
  do k = 1, nk
    do j = 1, nj
      do i = 1, ni
        su = su + dble(u(i, j, k))
        sv = sv + dble(v(i, j, k))
        sw = sw + w(i, j, k)
      end do
    end do
  end do
  print *, 'v(1,1,1), v(ni,nj,nk) =', v(1, 1, 1), v(ni, nj, nk)
  print *, 'w(1,1,1), w(ni,nj,nk) =', w(1, 1, 1), w(ni, nj, nk)
  print '(A, F14.2)', 'sum(u) = ', su
  print '(A, F14.2)', 'sum(v) = ', sv
  print '(A, I10)', 'sum(w) = ', sw
  deallocate(u, v, w)
end program p15_nested_gwv
