! Array-valued functions and transformational intrinsics inside where, forall, do
! concurrent, array constructors, print lists and logical expressions; assumed-shape
! logical, integer(8) and real(8) dummies.
module masks
  implicit none
contains
  function above(v, t) result(m)
    real(8), intent(in) :: v(:), t
    logical :: m(size(v))
    m = v > t
  end function above

  function squares(n) result(s)
    integer, intent(in) :: n
    integer(8) :: s(n)
    integer :: i
    do i = 1, n
      s(i) = int(i, 8) ** 2 * 1000000000_8
    end do
  end function squares

  integer function ntrue(m)
    logical, intent(in) :: m(:)
    ntrue = count(m)
  end function ntrue

  integer(8) function big_sum(k)
    integer(8), intent(in) :: k(:)
    big_sum = sum(k)
  end function big_sum

  subroutine flip(m)
    logical, intent(inout) :: m(:,:)
    m = .not. transpose(m)
  end subroutine flip
end module masks

program array_results_in_constructs
  use masks
  implicit none
  real(8) :: v(8), w(8)
  integer(8) :: k(6)
  logical :: g(3, 3)
  integer :: i, j, c(3, 3)
  v = [(real(i, 8) * 1.5d0 - 4d0, i = 1, 8)]
  w = 0d0
  where (above(v, 0d0))
    w = v * 2d0
  elsewhere
    w = -1d0
  end where
  print '(8f7.2)', w
  print *, above(v(1:8:3), 1d0), ntrue(above(v, -1d0)), ntrue(v < 0d0)
  k = squares(6)
  print *, k(6), big_sum(k), big_sum(squares(3)), big_sum(k(2:6:2))
  print *, [squares(2), int(ntrue(above(v, 2d0)), 8)]
  forall (i = 1:3, j = 1:3) c(i, j) = 10 * i + j
  do i = 1, 3
    c(i, :) = cshift(c(i, :), i)
  end do
  print '(3i4)', c
  do concurrent (i = 1:3)
    c(:, i) = spread(i, 1, 3) + c(:, i)
  end do
  print '(3i4)', transpose(c)
  g = reshape([(mod(i, 3) == 0, i = 1, 9)], [3, 3])
  call flip(g)
  print *, g
  call flip(g(1:3:2, 1:3:2))
  print *, g, ntrue(pack(g, .true.)), any(matmul(c, c) > 2000)
  if (all(eoshift(squares(4), 1) >= 0)) print *, 'all nonnegative', eoshift(squares(4), -1, 7_8)
end program array_results_in_constructs
