! Rank-2 and rank-3 assumed-shape dummies: shape, size(dim=), lbound/ubound, sum with
! dim=, whole-array assignment to the dummy, rows and columns and strided blocks of the
! actual, and assumed-shape dummies passed on to other procedures.
module grids
  implicit none
contains
  subroutine info(b)
    integer, intent(in) :: b(:,:)
    print '(a, 2i3, a, i4, a, 2i3, a, 2i3)', 'shape', shape(b), ' size', size(b), ' lb', lbound(b), ' ub', ubound(b)
    print '(a, 10i6)', ' colsum', sum(b, dim=1)
    print '(a, 10i6)', ' rowsum', sum(b, dim=2)
  end subroutine info

  subroutine bump(b, d)
    integer, intent(inout) :: b(:,:)
    integer, intent(in) :: d
    b = b + d
    call info(b)
  end subroutine bump

  subroutine set_diag(b, v)
    integer, intent(inout) :: b(:,:)
    integer, intent(in) :: v
    integer :: i
    do i = 1, min(size(b, 1), size(b, 2))
      b(i, i) = v
    end do
  end subroutine set_diag

  integer function trace3(c)
    integer, intent(in) :: c(:,:,:)
    integer :: i
    trace3 = 0
    do i = 1, minval(shape(c))
      trace3 = trace3 + c(i, i, i)
    end do
  end function trace3

  subroutine row_ops(r)
    integer, intent(inout) :: r(:)
    r = r * 2
  end subroutine row_ops
end module grids

program assumed_shape_2d
  use grids
  implicit none
  integer :: a(4, 5), c(3, 3, 3), i, j, l
  do j = 1, 5
    do i = 1, 4
      a(i, j) = 10 * i + j
    end do
  end do
  call info(a)
  call info(a(2:3, :))
  call info(a(:, 2:5:2))
  call info(a(4:1:-2, 5:1:-1))
  call bump(a(1:4:3, 2:4), 1000)
  print '(5i6)', (a(i, :), i = 1, 4)
  call set_diag(a, -1)
  call set_diag(a(2:4, 3:5), -2)
  print '(5i6)', (a(i, :), i = 1, 4)
  call row_ops(a(3, :))
  call row_ops(a(:, 1))
  call row_ops(a(2, 1:5:2))
  print '(5i6)', (a(i, :), i = 1, 4)
  do l = 1, 3
    do j = 1, 3
      do i = 1, 3
        c(i, j, l) = i + 3 * (j - 1) + 9 * (l - 1)
      end do
    end do
  end do
  print *, trace3(c), trace3(c(2:3, 2:3, 2:3)), trace3(c(3:1:-1, :, 3:1:-1)), trace3(c * 2)
end program assumed_shape_2d
