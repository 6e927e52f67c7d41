! Loop arguments gang(num:), worker(n), vector(n) / vector(length:) in kernels (where they
! set the kernel's launch dimensions), and private arrays on the loops of every level and
! on compute constructs, as miniWeather writes them:
! `parallel loop collapse(2) private(stencil, vals)` with the arrays filled and reduced in
! the body of each iteration.
program loop_args_private_arrays
  implicit none
  integer, parameter :: nx = 12, nz = 10, hs = 2
  integer :: state(1-hs:nx+hs, nz), flux(nx+1, nz), stencil(4), vals(3)
  integer :: out(64), t(4), i, j, k, s
  do k = 1, nz
    do i = 1 - hs, nx + hs
      state(i, k) = mod(i * 7 + k * 3, 11)
    end do
  end do
  !$acc parallel loop collapse(2) private(stencil, vals) copyin(state) copyout(flux)
  do k = 1, nz
    do i = 1, nx + 1
      do s = 1, 4
        stencil(s) = state(i - hs - 1 + s, k)
      end do
      vals(1) = -stencil(1) + 7 * stencil(2) + 7 * stencil(3) - stencil(4)
      vals(2) = stencil(1) - 3 * stencil(2) + 3 * stencil(3) - stencil(4)
      vals(3) = maxval(stencil) - minval(stencil)
      flux(i, k) = vals(1) + 2 * vals(2) - vals(3)
    end do
  end do
  print '(11i6)', sum(flux, dim=1), sum(flux, dim=2)

  !$acc kernels loop gang(num: 4) worker(2) vector(8) private(t) copyout(out)
  do i = 1, 64
    t = i
    t(2) = t(1) * 2
    t(4) = t(3) - 1
    out(i) = sum(t)
  end do
  print '(16i5)', out

  !$acc kernels copyout(out)
  !$acc loop gang(4)
  do i = 1, 8
    !$acc loop worker(2) private(t)
    do j = 1, 8
      t = i * 10 + j
      t(1) = 0
      out((i - 1) * 8 + j) = sum(t)
    end do
  end do
  !$acc end kernels
  print '(16i5)', out

  !$acc kernels loop gang copyout(out)
  do i = 1, 8
    !$acc loop vector(length: 8) private(t)
    do j = 1, 8
      t(1) = i
      t(2) = j
      t(3) = i * j
      t(4) = i + j
      out((i - 1) * 8 + j) = t(3) - t(4)
    end do
  end do
  print '(16i5)', out

  ! A private array of the construct: one copy per gang.
  !$acc parallel num_gangs(1) vector_length(32) private(t) copyout(out)
  t = 5
  !$acc loop
  do i = 1, 64
    out(i) = i + 1
  end do
  t(1) = out(64)
  out(1) = sum(t)
  !$acc end parallel
  print '(16i5)', out
end program loop_args_private_arrays
