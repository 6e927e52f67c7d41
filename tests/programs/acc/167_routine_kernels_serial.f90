! Routines called from kernels constructs, from serial constructs, and with loops
! without a level (auto: the routine's free levels, outermost first).
module rk_mod
  implicit none
contains
  subroutine fill(a, n, m, base)
    !$acc routine gang
    integer, intent(in) :: n, m, base
    integer, intent(inout) :: a(n, m)
    integer :: i, j
    !$acc loop
    do j = 1, m
      !$acc loop
      do i = 1, n
        a(i, j) = base + i * j
      end do
    end do
  end subroutine fill
  subroutine colsum(a, n, m, j, s)
    !$acc routine worker
    integer, intent(in) :: n, m, j
    integer, intent(in) :: a(n, m)
    integer, intent(out) :: s
    integer :: i
    s = 0
    !$acc loop reduction(+:s)
    do i = 1, n
      s = s + a(i, j)
    end do
  end subroutine colsum
end module rk_mod

program routine_kernels
  use rk_mod
  implicit none
  integer, parameter :: n = 33, m = 17
  integer :: a(n, m), s(m), j
  !$acc kernels copyout(a)
  call fill(a, n, m, 5)
  !$acc end kernels
  print *, sum(a), a(n, m)
  !$acc serial copy(a)
  call fill(a, n, m, -1)
  !$acc end serial
  print *, sum(a), a(n, m)
  !$acc kernels copyin(a) copyout(s)
  !$acc loop gang
  do j = 1, m
    call colsum(a, n, m, j, s(j))
  end do
  !$acc end kernels
  print *, s
end program routine_kernels
