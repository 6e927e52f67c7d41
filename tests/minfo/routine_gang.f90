! -Minfo=accel: routines with partitioned loops (gang, worker, vector): each routine's
! level and the levels of its loops, and the calls of them in compute constructs
! (internal procedures: the test writes no module file).
program minfo_routine
  implicit none
  real :: a(100, 8), r(8, 4)
  integer :: k
  a = 1.0
  !$acc parallel copy(a)
  call gscale(a, 100, 8, 2.0)
  !$acc end parallel
  !$acc parallel loop gang copyin(a) copyout(r)
  do k = 1, 4
    call wplane(a, 100, 8, r(1, k))
  end do
  print *, sum(r)
contains
  subroutine vrow(a, n, m, j, s)
    !$acc routine vector
    integer, intent(in) :: n, m, j
    real, intent(in) :: a(n, m)
    real, intent(out) :: s
    integer :: i
    s = 0.0
    !$acc loop vector reduction(+:s)
    do i = 1, n
      s = s + a(i, j)
    end do
  end subroutine vrow
  subroutine wplane(a, n, m, r)
    !$acc routine worker
    integer, intent(in) :: n, m
    real, intent(in) :: a(n, m)
    real, intent(out) :: r(m)
    integer :: j
    !$acc loop worker
    do j = 1, m
      call vrow(a, n, m, j, r(j))
    end do
  end subroutine wplane
  subroutine gscale(a, n, m, f)
    !$acc routine gang
    integer, intent(in) :: n, m
    real, intent(inout) :: a(n, m)
    real, intent(in) :: f
    integer :: i, j
    !$acc loop gang
    do j = 1, m
      !$acc loop vector
      do i = 1, n
        a(i, j) = a(i, j) * f
      end do
    end do
    !$acc loop
    do j = 1, m
      a(1, j) = a(1, j) + 1.0
    end do
  end subroutine gscale
end program minfo_routine
