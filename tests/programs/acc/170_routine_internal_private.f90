! Internal procedures as leveled routines, the named form `routine(name) worker`, private arrays of worker and vector loops inside
! routines, `loop seq` inside a routine, an early return, and real reductions of exact data.
module named_mod
  implicit none
contains
  subroutine smooth(a, b, n, k)
    !$acc routine(smooth) worker
    integer, intent(in) :: n, k
    real, intent(in) :: a(n, *)
    real, intent(inout) :: b(n, *)
    real :: w(3)
    integer :: i, j
    if (k < 1) return
    !$acc loop worker private(w)
    do i = 2, n - 1
      !$acc loop seq
      do j = 1, 3
        w(j) = a(i + j - 2, k)
      end do
      b(i, k) = (w(1) + 2.0 * w(2) + w(3)) * 0.25
    end do
  end subroutine smooth
end module named_mod

program routine_internal
  use named_mod
  implicit none
  integer, parameter :: n = 64, m = 6
  real :: a(n, m), b(n, m), r(m)
  integer :: i, k
  do k = 1, m
    do i = 1, n
      a(i, k) = real(mod(i * k, 8))
    end do
  end do
  b = 0.0
  !$acc parallel loop gang copyin(a) copy(b)
  do k = 0, m
    call smooth(a, b, n, k)
  end do
  print *, sum(b), b(2, 1), b(n - 1, m)
  !$acc parallel loop gang copyin(b) copyout(r)
  do k = 1, m
    r(k) = colsum(b, k)
  end do
  print *, r
contains
  real function colsum(x, k)
    !$acc routine vector
    real, intent(in) :: x(n, *)
    integer, intent(in) :: k
    real :: t, v(2)
    integer :: i
    t = 0.0
    !$acc loop vector reduction(+:t) private(v)
    do i = 1, n
      v(1) = x(i, k)
      v(2) = 0.25
      t = t + v(1) * v(2)
    end do
    colsum = t
  end function colsum
end program routine_internal
