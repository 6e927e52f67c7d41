! 2-D five-point and nine-point stencils on a grid with a halo: repeated smoothing of an
! integer-valued field with power-of-two weights (exact in real(8)), boundary rows and
! columns kept fixed, conservation checks, and a Laplacian of a quadratic (constant).
program stencil2d
  implicit none
  integer, parameter :: nx = 12, ny = 10
  real(8) :: u(0:nx+1, 0:ny+1), v(0:nx+1, 0:ny+1), lap(nx, ny)
  integer :: i, j, step
  ! a quadratic field: its discrete Laplacian is exactly 2 + 2 = 4
  do j = 0, ny + 1
    do i = 0, nx + 1
      u(i,j) = real(i*i + j*j, 8)
    end do
  end do
  do j = 1, ny
    do i = 1, nx
      lap(i,j) = u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1) - 4*u(i,j)
    end do
  end do
  print '(A,2F6.1)', 'laplacian min/max:', minval(lap), maxval(lap)
  ! whole-array form with sections gives the same
  lap = u(0:nx-1,1:ny) + u(2:nx+1,1:ny) + u(1:nx,0:ny-1) + u(1:nx,2:ny+1) - 4*u(1:nx,1:ny)
  print '(A,L2)', 'section form equal:', all(lap == 4.0d0)
  ! smoothing a spike with weights 1/2 (centre) and 1/8 (neighbours), zero halo
  u = 0
  u(6,5) = 1024
  do step = 1, 3
    v = u
    do j = 1, ny
      do i = 1, nx
        v(i,j) = 0.5d0*u(i,j) + 0.125d0*(u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
      end do
    end do
    u = v
    print '(A,I2,A,F10.4,A,F10.4)', 'step', step, ' total', sum(u(1:nx,1:ny)), ' peak', maxval(u)
  end do
  print '(A)', 'rows 3..7, columns 4..8 after 3 steps:'
  do j = 3, 7
    print '(5F9.3)', u(4:8, j)
  end do
  print '(A,L2)', 'symmetric in x:', all(u(1:5, 1:ny) == u(11:7:-1, 1:ny))
  ! nine-point box filter with weights 1/16 (corners), 1/8 (edges), 1/4 (centre)
  v = 0
  do j = 1, ny
    do i = 1, nx
      v(i,j) = (u(i-1,j-1) + u(i+1,j-1) + u(i-1,j+1) + u(i+1,j+1)) / 16 &
             + (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1)) / 8 + u(i,j) / 4
    end do
  end do
  print '(A,F10.4)', 'box-filtered total:', sum(v)
  print '(A,2I3)', 'peak location:', maxloc(v(1:nx,1:ny))
end program stencil2d
