program acc_derived
  implicit none
  integer, parameter :: n = 64
  type :: grid
    integer :: n
    real(8) :: h
    real(8) :: v(n)
    integer :: flags(n)
  end type grid
  type :: cell
    real :: w
    integer :: k
  end type cell
  type(grid) :: g
  type(cell) :: cells(n)
  integer :: i
  real(8) :: s
  g%n = n
  g%h = 0.5d0
  g%v = 0.0d0
  g%flags = 0
  do i = 1, n
    cells(i)%w = real(i)
    cells(i)%k = 0
  end do
  !$acc parallel loop copy(g)
  do i = 1, g%n
    g%v(i) = g%h * i
    if (mod(i, 3) == 0) g%flags(i) = 1
  end do
  !$acc parallel loop
  do i = 1, n
    cells(i)%w = 2.0 * cells(i)%w + real(g%flags(i))
    cells(i)%k = i * i
  end do
  s = 0.0d0
  !$acc parallel loop reduction(+:s)
  do i = 1, n
    s = s + g%v(i) * cells(i)%k
  end do
  print *, g%n, g%h, sum(g%v), sum(g%flags)
  print *, cells(1)%w, cells(3)%w, cells(n)%w, cells(n)%k
  print *, s
  !$acc data copy(g)
  !$acc kernels
  g%h = g%h * 4.0d0
  !$acc end kernels
  !$acc serial
  g%v(1) = g%h + g%v(2)
  !$acc end serial
  !$acc end data
  print *, g%h, g%v(1), g%v(2)
  call smooth(g, 3)
  print *, g%v(1), g%v(2), g%v(n - 1), g%v(n)
contains
  subroutine smooth(gr, iters)
    type(grid), intent(inout) :: gr
    integer, intent(in) :: iters
    real(8) :: tmp(n)
    integer :: it, j
    do it = 1, iters
      !$acc parallel loop copyin(gr) copyout(tmp)
      do j = 2, n - 1
        tmp(j) = (gr%v(j - 1) + 2.0d0 * gr%v(j) + gr%v(j + 1)) / 4.0d0
      end do
      !$acc parallel loop copyin(tmp) copy(gr)
      do j = 2, n - 1
        gr%v(j) = tmp(j)
      end do
    end do
  end subroutine smooth
end program acc_derived
