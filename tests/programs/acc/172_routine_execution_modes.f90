! The execution modes of a routine's code outside its loops (OpenACC 3.3, 2.15.1 and
! 2.2.3): a `routine gang`'s gang-redundant code runs once per gang of the calling
! construct, a `routine worker`'s worker-single code once per gang that calls it, a
! `routine vector`'s vector-single code once per worker that calls it; counted with
! atomic updates: the routine gang's code as often as the construct's own gang-redundant
! code (once per gang: the host device runs as many gangs as it has threads), the worker
! routine's once per gang loop iteration, the vector routine's once per worker loop one.
module modes_mod
  implicit none
contains
  subroutine v(cnt, a, n, k)
    !$acc routine vector
    integer, intent(inout) :: cnt(3)
    integer, intent(in) :: n, k
    integer, intent(inout) :: a(n, *)
    integer :: i
    !$acc atomic update
    cnt(3) = cnt(3) + 1
    !$acc loop vector
    do i = 1, n
      a(i, k) = a(i, k) + 1
    end do
  end subroutine v
  subroutine w(cnt, a, n, k)
    !$acc routine worker
    integer, intent(inout) :: cnt(3)
    integer, intent(in) :: n, k
    integer, intent(inout) :: a(n, *)
    integer :: j
    !$acc atomic update
    cnt(2) = cnt(2) + 1
    !$acc loop worker
    do j = 1, 3
      call v(cnt, a, n, k)
    end do
  end subroutine w
  subroutine g(cnt, a, n)
    !$acc routine gang
    integer, intent(inout) :: cnt(3)
    integer, intent(in) :: n
    integer, intent(inout) :: a(n, *)
    integer :: k
    !$acc atomic update
    cnt(1) = cnt(1) + 1
    !$acc loop gang
    do k = 1, 4
      call w(cnt, a, n, k)
    end do
  end subroutine g
end module modes_mod

program routine_modes
  use modes_mod
  implicit none
  integer :: cnt(3), a(40, 4), c0
  cnt = 0
  c0 = 0
  a = 0
  !$acc parallel copy(cnt, a, c0) num_gangs(4) num_workers(3)
  !$acc atomic update
  c0 = c0 + 1
  call g(cnt, a, 40)
  !$acc end parallel
  print *, cnt(1) == c0, cnt(2), cnt(3)
  print *, sum(a), a(40, 4)
end program routine_modes
