! Assumed-shape dummy arguments of module procedures: whole arrays, contiguous and
! strided sections, array expressions; inquiry and reduction intrinsics on the dummy;
! intent(out)/intent(inout) writes reaching the actual argument.
module stats
  implicit none
contains
  subroutine describe(tag, a)
    character(len=*), intent(in) :: tag
    real, intent(in) :: a(:)
    if (size(a) == 0) then
      print '(a, a)', tag, ': empty'
      return
    end if
    print '(a, a, i3, 3f9.3, 2i3)', tag, ':', size(a), sum(a), minval(a), maxval(a), maxloc(a), minloc(a)
  end subroutine describe

  real function mean(a)
    real, intent(in) :: a(:)
    mean = sum(a) / real(max(1, size(a)))
  end function mean

  subroutine normalise(a)
    real, intent(inout) :: a(:)
    real :: m
    integer :: i
    m = mean(a)
    do i = lbound(a, 1), ubound(a, 1)
      a(i) = a(i) - m
    end do
  end subroutine normalise

  subroutine ramp(a, start, step)
    integer, intent(out) :: a(:)
    integer, intent(in) :: start, step
    integer :: i
    do i = 1, size(a)
      a(i) = start + (i - 1) * step
    end do
  end subroutine ramp

  integer function count_pos(k)
    integer, intent(in) :: k(:)
    count_pos = count(k > 0)
  end function count_pos

  real(8) function dot(x, y)
    real(8), intent(in) :: x(:), y(:)
    dot = dot_product(x, y)
  end function dot
end module stats

program assumed_shape
  use stats
  implicit none
  real :: v(12)
  integer :: k(10), i
  real(8) :: x(6), y(6)
  do i = 1, 12
    v(i) = real(mod(i * 7, 13)) * 0.5
  end do
  call describe('all', v)
  call describe('2:5', v(2:5))
  call describe('odd', v(1:12:2))
  call describe('rev', v(12:1:-1))
  call describe('step3', v(3:12:3))
  call describe('none', v(5:4))
  call describe('expr', v * 2.0 - 1.0)
  call describe('ctor', [1.0, 5.0, -2.0])
  print '(f8.3)', mean(v), mean(v(1:6)), mean(v(2:12:5))
  call normalise(v(1:12:2))
  print '(6f8.3)', v
  call normalise(v(7:12))
  print '(6f8.3)', v
  k = 0
  call ramp(k, -3, 1)
  print '(10i4)', k
  call ramp(k(2:10:3), 50, 10)
  print '(10i4)', k
  call ramp(k(10:1:-2), 100, -1)
  print '(10i4)', k
  print *, count_pos(k), count_pos(k(1:5)), count_pos(-k(::3))
  do i = 1, 6
    x(i) = real(i, 8)
    y(i) = 1.0d0 / real(2**i, 8)
  end do
  print '(f12.6)', dot(x, y), dot(x(1:3), y(4:6)), dot(x(1:6:2), y(6:1:-2))
end program assumed_shape
