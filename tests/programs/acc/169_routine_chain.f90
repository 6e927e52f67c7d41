! A chain of routines: gang -> worker -> vector -> seq, with reductions at the worker and
! vector levels, loops under `if` on arguments, and a worker routine called from
! gang-redundant code (every gang runs all of its iterations, storing the same values).
module chain_mod
  implicit none
contains
  integer function sq(x)
    !$acc routine seq
    integer, intent(in) :: x
    sq = x * x
  end function sq
  subroutine vec_part(a, n, i, j, k, s)
    !$acc routine vector
    integer, intent(in) :: n, i, j, k
    integer, intent(inout) :: a(n, n, n)
    integer, intent(out) :: s
    integer :: l, t
    t = 0
    !$acc loop vector reduction(+:t)
    do l = 1, n
      a(l, j, k) = a(l, j, k) + sq(l - i)
      t = t + a(l, j, k)
    end do
    s = t
  end subroutine vec_part
  subroutine worker_part(a, n, k, mode, s)
    !$acc routine worker
    integer, intent(in) :: n, k, mode
    integer, intent(inout) :: a(n, n, n)
    integer, intent(out) :: s
    integer :: j, t, u
    t = 0
    if (mode == 1) then
      !$acc loop worker reduction(+:t) private(u)
      do j = 1, n
        call vec_part(a, n, k, j, k, u)
        t = t + u
      end do
    else
      !$acc loop worker vector collapse(2) reduction(max:t)
      do j = 1, n
        do u = 1, n
          t = max(t, a(u, j, k))
        end do
      end do
    end if
    s = t
  end subroutine worker_part
  subroutine gang_part(a, n, sums, mode)
    !$acc routine gang
    integer, intent(in) :: n, mode
    integer, intent(inout) :: a(n, n, n)
    integer, intent(inout) :: sums(n)
    integer :: k
    !$acc loop gang
    do k = 1, n
      call worker_part(a, n, k, mode, sums(k))
    end do
  end subroutine gang_part
  subroutine fill_plane(p, n, v)
    !$acc routine worker
    integer, intent(in) :: n, v
    integer, intent(out) :: p(n, n)
    integer :: i, j
    !$acc loop worker
    do j = 1, n
      !$acc loop vector
      do i = 1, n
        p(i, j) = v + i - j
      end do
    end do
  end subroutine fill_plane
end module chain_mod

program routine_chain
  use chain_mod
  implicit none
  integer, parameter :: n = 19
  integer :: a(n, n, n), sums(n), p(n, n)
  a = 3
  sums = 0
  !$acc parallel copy(a, sums) num_gangs(4) num_workers(3)
  call gang_part(a, n, sums, 1)
  !$acc end parallel
  print *, sum(a), sums(1), sums(n), sum(sums)
  !$acc parallel copyin(a) copy(sums)
  call gang_part(a, n, sums, 2)
  !$acc end parallel
  print *, sums(1), sums(n), sum(sums)
  !$acc parallel copyout(p) num_gangs(3)
  call fill_plane(p, n, 7)
  !$acc end parallel
  print *, sum(p), p(1, n), p(n, 1)
end program routine_chain
