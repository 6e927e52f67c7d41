! routine vector, worker and gang: each called where its levels are free, its loops
! partitioned over the threads of the calling construct; a vector reduction into a dummy;
! contiguous sections as actual arguments (their first element, no copy in device code).
module rl_mod
  implicit none
contains
  subroutine vscale(a, n, m, j, f)
    !$acc routine vector
    integer, intent(in) :: n, m, j, f
    integer, intent(inout) :: a(n, m)
    integer :: i
    !$acc loop vector
    do i = 1, n
      a(i, j) = a(i, j) * f + i
    end do
  end subroutine vscale
  subroutine vadd(v, n, c)
    !$acc routine vector
    integer, intent(in) :: n, c
    integer, intent(inout) :: v(n)
    integer :: i
    !$acc loop vector
    do i = 1, n
      v(i) = v(i) + c * i
    end do
  end subroutine vadd
  subroutine vsum(a, n, m, j, s)
    !$acc routine vector
    integer, intent(in) :: n, m, j
    integer, intent(in) :: a(n, m)
    integer, intent(out) :: s
    integer :: i, t
    t = 0
    !$acc loop vector reduction(+:t)
    do i = 1, n
      t = t + a(i, j)
    end do
    s = t
  end subroutine vsum
  subroutine wrows(a, n, m)
    !$acc routine worker
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    integer :: j
    !$acc loop worker
    do j = 1, m
      call vscale(a, n, m, j, 2)
    end do
  end subroutine wrows
  subroutine gfill(a, n, m)
    !$acc routine gang
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    integer :: i, j
    !$acc loop gang worker vector collapse(2)
    do j = 1, m
      do i = 1, n
        a(i, j) = i + 100 * j
      end do
    end do
  end subroutine gfill
end module rl_mod
program routine_levels
  use rl_mod
  implicit none
  integer :: a(37, 5), b(37, 5), s(5), j
  !$acc parallel copyout(a)
  call gfill(a, 37, 5)
  !$acc end parallel
  print *, sum(a), a(37, 5)
  b = 1
  !$acc parallel loop gang worker copy(b)
  do j = 1, 5
    call vscale(b, 37, 5, j, j)
  end do
  print *, sum(b), b(37, 5)
  !$acc parallel copy(b) num_gangs(1)
  call wrows(b, 37, 5)
  !$acc end parallel
  print *, sum(b), b(37, 5)
  !$acc parallel loop gang copyin(b) copyout(s)
  do j = 1, 5
    call vsum(b, 37, 5, j, s(j))
  end do
  print *, s
  !$acc parallel loop gang worker copy(b)
  do j = 1, 5
    call vadd(b(:, j), 37, j)
    call vadd(b(2:36, j), 35, 1)
  end do
  print *, sum(b), b(1, 1), b(2, 5), b(37, 5)
end program routine_levels
