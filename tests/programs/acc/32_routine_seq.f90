! `!$acc routine seq`: a pure module function, a subroutine with array arguments called per
! element, a routine calling a routine, an external subroutine through an interface block,
! local scalars of the kernel passed by reference.
module geom
  implicit none
contains
  pure real function sq(x)
    !$acc routine seq
    real, intent(in) :: x
    sq = x * x
  end function sq

  real function dist2(x, y)
    !$acc routine seq
    real, intent(in) :: x, y
    dist2 = sq(x) + sq(y)
  end function dist2

  subroutine axpy_at(a, x, y, i, n)
    !$acc routine seq
    integer, intent(in) :: i, n
    real, intent(in) :: a, x(n)
    real, intent(inout) :: y(n)
    y(i) = y(i) + a * x(i)
  end subroutine axpy_at
end module geom

subroutine clampi(k, lo, hi)
  !$acc routine seq
  implicit none
  integer, intent(inout) :: k
  integer, intent(in) :: lo, hi
  if (k < lo) k = lo
  if (k > hi) k = hi
end subroutine clampi

program routine_seq
  use geom
  implicit none
  interface
    subroutine clampi(k, lo, hi)
      !$acc routine seq
      integer, intent(inout) :: k
      integer, intent(in) :: lo, hi
    end subroutine clampi
  end interface
  integer, parameter :: n = 1000
  real :: x(n), y(n), d(n)
  integer :: c(n), i, k
  real :: t
  do i = 1, n
    x(i) = real(i) / 10.0
    y(i) = real(n - i) / 20.0
  end do
  !$acc parallel loop copyin(x, y) copyout(d)
  do i = 1, n
    d(i) = dist2(x(i), y(i))
  end do
  !$acc parallel loop copyin(x) copy(y)
  do i = 1, n
    call axpy_at(2.0, x, y, i, n)
  end do
  !$acc parallel loop copyout(c) private(k)
  do i = 1, n
    k = i - 300
    call clampi(k, 0, 500)
    c(i) = k
  end do
  !$acc parallel loop copyin(x) copy(d) private(t)
  do i = 1, n
    t = x(i)
    d(i) = d(i) - dist2(t, 1.0)
  end do
  print '(3f14.3)', sum(d), sum(y), maxval(d)
  print *, sum(c), c(1), c(400), c(n)
end program routine_seq
