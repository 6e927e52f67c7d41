! `!$acc routine ... bind(name)`: device code calls the named procedure in place of the
! routine, host code the routine itself (gfortran 12 does not accept `bind` on `routine`:
! "Failed to match clause"). The values, worked out by hand:
! - `shift(i)` is i + 1 on the host and i + 100 on the device (`shift_dev`): the kernel
!   gives 101..108 (sum 836), the host 2..9 (sum 44);
! - the subroutine `mark` stores -i on the host and 10*i on the device (`mark_dev`);
! - the `routine vector` `row_sum` adds a row of 4 on the host and twice it on the device
!   (`row_sum_dev`): row i holds i, i, i, i, so the host sums 4*i and the device 8*i;
! - `ext_half`, an external function declared in an interface block, halves on the host and
!   the external `ext_third` divides by three on the device: 30 -> 15 and 10.
! - routines whose bodies call `shift` call `shift_dev` on the device (their device copies)
!   and `shift` on the host: `shift_twice(x)` = shift(shift(x)) is x + 200 in a kernel and
!   x + 2 on the host, `via_twice(x)` = shift_twice(x) + 1 is x + 201 and x + 3, and the
!   `routine vector` `shift_row` stores shift(j) + 10*i: 100 + j + 10*i on the device
!   (row 3: 131 132 133 134), j + 1 + 10*i on the host (row 3: 32 33 34 35).
module bind_m
contains
  integer function shift(x)
    !$acc routine seq bind(shift_dev)
    integer, value :: x
    shift = x + 1
  end function

  integer function shift_dev(y)
    !$acc routine seq
    integer, value :: y
    shift_dev = y + 100
  end function

  subroutine mark(a, i)
    !$acc routine seq bind(mark_dev)
    integer, intent(inout) :: a(*)
    integer, value :: i
    a(i) = -i
  end subroutine

  subroutine mark_dev(b, j)
    !$acc routine seq
    integer, intent(inout) :: b(*)
    integer, value :: j
    b(j) = 10 * j
  end subroutine

  subroutine row_sum(m, n, i, s)
    !$acc routine vector bind(row_sum_dev)
    integer, value :: n, i
    integer, intent(in) :: m(n, 4)
    integer, intent(out) :: s
    integer :: j, t
    t = 0
    !$acc loop vector reduction(+:t)
    do j = 1, 4
      t = t + m(i, j)
    end do
    s = t
  end subroutine

  integer function shift_twice(x)
    !$acc routine seq
    integer, value :: x
    shift_twice = shift(shift(x))
  end function

  integer function via_twice(x)
    !$acc routine seq
    integer, value :: x
    via_twice = shift_twice(x) + 1
  end function

  subroutine shift_row(m, n, i)
    !$acc routine vector
    integer, value :: n, i
    integer, intent(inout) :: m(n, 4)
    integer :: j
    !$acc loop vector
    do j = 1, 4
      m(i, j) = shift(j) + 10 * i
    end do
  end subroutine

  subroutine row_sum_dev(m, n, i, s)
    !$acc routine vector
    integer, value :: n, i
    integer, intent(in) :: m(n, 4)
    integer, intent(out) :: s
    integer :: j, t
    t = 0
    !$acc loop vector reduction(+:t)
    do j = 1, 4
      t = t + 2 * m(i, j)
    end do
    s = t
  end subroutine
end module

integer function ext_half(x)
  !$acc routine seq
  integer, value :: x
  ext_half = x / 2
end function

integer function ext_third(x)
  !$acc routine seq
  integer, value :: x
  ext_third = x / 3
end function

program routine_bind_name
  use bind_m
  implicit none
  interface
    integer function ext_half(x)
      !$acc routine seq bind(ext_third)
      integer, value :: x
    end function
    integer function ext_third(x)
      !$acc routine seq
      integer, value :: x
    end function
  end interface
  integer :: a(8), b(8), m(8, 4), s(8), e(1), i, j, total
  !$acc parallel loop copyout(a)
  do i = 1, 8
    a(i) = shift(i)
  end do
  print '(8i5)', a
  total = 0
  !$acc parallel loop copyin(a) reduction(+:total)
  do i = 1, 8
    total = total + shift(a(i) - 100)
  end do
  print *, 'device sum', total, ' host sum', sum([(shift(i), i = 1, 8)])
  !$acc parallel loop copyout(b)
  do i = 1, 8
    call mark(b, i)
  end do
  print '(8i5)', b
  call mark(b, 3)
  print '(8i5)', b
  do j = 1, 4
    do i = 1, 8
      m(i, j) = i
    end do
  end do
  !$acc parallel loop gang copyin(m) copyout(s)
  do i = 1, 8
    call row_sum(m, 8, i, s(i))
  end do
  print '(8i5)', s
  call row_sum(m, 8, 5, s(1))
  print *, 'host row 5', s(1)
  !$acc serial copyout(e)
  e(1) = ext_half(30)
  !$acc end serial
  print *, 'device', e(1), ' host', ext_half(30)
  !$acc parallel loop copyout(a, b)
  do i = 1, 8
    a(i) = shift_twice(i)
    b(i) = via_twice(i)
  end do
  print '(8i5)', a
  print '(8i5)', b
  print '(8i5)', (shift_twice(i), i = 1, 8)
  print '(8i5)', (via_twice(i), i = 1, 8)
  !$acc parallel loop gang copyout(m)
  do i = 1, 8
    call shift_row(m, 8, i)
  end do
  print '(4i5)', m(3, :)
  call shift_row(m, 8, 3)
  print '(4i5)', m(3, :)
end program
