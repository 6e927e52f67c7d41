! Complex components of derived types inside compute constructs: scalars and fixed-size
! arrays of complex(4) and complex(8) components, read and written through %re and %im,
! in parallel loops over arrays of structures, a kernels region and a reduction.
program acc_complex_components
  implicit none
  type :: cell
    complex :: u = (1.0, 0.0)
    complex(8) :: v(2)
    integer :: k
  end type
  type(cell) :: grid(64), one
  integer :: i
  real :: s
  real(8) :: t
  do i = 1, 64
    grid(i)%u = cmplx(i, -i)
    grid(i)%v = [cmplx(i, 1, 8), cmplx(-1, i, 8)]
    grid(i)%k = mod(i, 4)
  end do
  one%v = (1d0, 2d0)
  one%k = 3
  !$acc parallel loop copy(grid) copyin(one)
  do i = 1, 64
    grid(i)%u = grid(i)%u * (0.0, 1.0) + grid(i)%k
    grid(i)%v(1) = grid(i)%v(1) * one%v(2)
    grid(i)%v(2)%re = grid(i)%v(2)%im + one%k
    grid(i)%u%im = grid(i)%u%im * 2
  end do
  print *, grid(1)%u, grid(64)%u
  print *, grid(3)%v, grid(64)%v
  s = 0
  t = 0
  !$acc parallel loop reduction(+:s, t) copyin(grid)
  do i = 1, 64
    s = s + grid(i)%u%re
    t = t + aimag(grid(i)%v(1)) + real(grid(i)%v(2))
  end do
  print *, s, t
  !$acc kernels copy(one)
  one%u = one%u + one%v(1) * 2
  one%v(2)%im = abs(one%u)
  !$acc end kernels
  print *, one%u, one%v
end program
