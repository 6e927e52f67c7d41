! flags: -fcheck=bounds
! A program that indexes explicit-shape, allocatable, assumed-size and
! lower-bounded arrays at their edges only: with -fcheck=bounds it runs to the end.
program bounds_check_clean
  implicit none
  integer :: a(5), i, j
  real, allocatable :: m(:, :)
  integer :: edge(-3:3)
  a = [(i * i, i = 1, 5)]
  print *, a(1), a(5)
  allocate(m(0:2, 4))
  do j = 1, 4
    do i = 0, 2
      m(i, j) = real(i * j)
    end do
  end do
  print *, m(0, 1), m(2, 4), sum(m)
  do i = -3, 3
    edge(i) = i
  end do
  print *, edge(-3), edge(3)
  print *, total(a, 5), total(a(2), 3)
  call fill(edge, 7)
  print *, edge
  ! sections at the edges, empty sections and negative strides are all in bounds
  print *, sum(a(1:5)), sum(a(5:1:-1)), sum(a(2:5:3)), sum(a(4:3)), sum(a(9:20:-1))
  a(2:4) = a(1:3) + a(3:5)
  print *, a
  print *, sum(edge(-3:3:2)), sum(edge(:0)), sum(edge(1:))
  deallocate(m)
contains
  integer function total(x, n)
    integer, intent(in) :: x(*)
    integer, intent(in) :: n
    integer :: k
    total = 0
    do k = 1, n
      total = total + x(k)
    end do
  end function total
  subroutine fill(x, n)
    integer, intent(in) :: n
    integer, intent(out) :: x(n)
    integer :: k
    do k = 1, n
      x(k) = 100 + k
    end do
  end subroutine fill
end program bounds_check_clean
