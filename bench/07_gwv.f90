! Benchmark: a gang/worker/vector loop nest (smoothing of a 3-D field, repeated) with
! a vector reduction per (k, j) row and a gang-level sum.
program gwv
  implicit none
  integer, parameter :: ni = 256, nj = 64, nk = 32, steps = 600
  real(8), allocatable :: u(:, :, :), v(:, :, :), rows(:, :)
  real(8) :: s, total
  integer :: i, j, k, t
  allocate(u(ni, nj, nk), v(ni, nj, nk), rows(nj, nk))
  do k = 1, nk
    do j = 1, nj
      do i = 1, ni
        u(i, j, k) = real(mod(i * 7 + j * 3 + k, 17), 8)
      end do
    end do
  end do
  total = 0.0d0
  !$acc data copy(u) create(v) copyout(rows)
  do t = 1, steps
    !$acc parallel loop gang num_workers(4) present(u, v, rows)
    do k = 1, nk
      !$acc loop worker private(s)
      do j = 1, nj
        s = 0.0d0
        !$acc loop vector reduction(+:s)
        do i = 2, ni - 1
          v(i, j, k) = 0.25d0 * u(i - 1, j, k) + 0.5d0 * u(i, j, k) + 0.25d0 * u(i + 1, j, k)
          s = s + v(i, j, k)
        end do
        rows(j, k) = s
      end do
    end do
    !$acc parallel loop gang worker vector collapse(3) present(u, v)
    do k = 1, nk
      do j = 1, nj
        do i = 2, ni - 1
          u(i, j, k) = v(i, j, k)
        end do
      end do
    end do
  end do
  !$acc end data
  do k = 1, nk
    do j = 1, nj
      total = total + rows(j, k)
    end do
  end do
  print '(ES24.15)', total
end program gwv
