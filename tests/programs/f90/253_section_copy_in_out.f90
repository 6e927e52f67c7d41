! Non-contiguous sections passed to explicit-shape and assumed-size dummies: copied in
! to a contiguous temporary and copied back after the call (rows, strided sections,
! reversed sections), and contiguous ones passed in place.
subroutine twice(n, x)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  integer :: i
  do i = 1, n
    x(i) = 2.0 * x(i) + real(i)
  end do
end subroutine twice

subroutine total(n, x, s)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: x(*)
  real, intent(out) :: s
  integer :: i
  s = 0.0
  do i = 1, n
    s = s + x(i) * real(i)
  end do
end subroutine total

module blocks
  implicit none
contains
  subroutine blk(m, n, b)
    integer, intent(in) :: m, n
    integer, intent(inout) :: b(m, n)
    integer :: i, j
    do j = 1, n
      do i = 1, m
        b(i, j) = b(i, j) + 1000 * i + 100 * j
      end do
    end do
  end subroutine blk
end module blocks

program section_copy_in_out
  use blocks
  implicit none
  real :: a(4, 5), s
  integer :: k(5, 6), i, j
  do j = 1, 5
    do i = 1, 4
      a(i, j) = real(i + 10 * j)
    end do
  end do
  call twice(5, a(2, :))
  call twice(4, a(:, 3))
  call twice(3, a(4, 5:1:-2))
  call twice(2, a(1:3:2, 1))
  do i = 1, 4
    print '(5f8.1)', a(i, :)
  end do
  call total(5, a(3, :), s)
  print '(f10.1)', s
  call total(3, a(1:4:2, 2), s)
  print '(f10.1)', s
  k = 0
  call blk(2, 3, k(2:3, 2:4))
  call blk(2, 2, k(1:5:4, 5:6))
  call blk(5, 1, k(:, 1))
  do i = 1, 5
    print '(6i6)', k(i, :)
  end do
end program section_copy_in_out
