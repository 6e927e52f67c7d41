! routine gang: called from gang-redundant code of a compute construct (every gang calls
! it), its gang loops share their iterations among the gangs of the construct.
module rg_mod
  implicit none
contains
  subroutine row_work(a, n, m, i)
    !$acc routine worker
    integer, intent(in) :: n, m, i
    integer, intent(inout) :: a(n, m)
    integer :: j
    !$acc loop worker vector
    do j = 1, m
      a(i, j) = a(i, j) + i * j
    end do
  end subroutine row_work
  subroutine all_rows(a, n, m)
    !$acc routine gang
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    integer :: i
    !$acc loop gang
    do i = 1, n
      call row_work(a, n, m, i)
    end do
  end subroutine all_rows
  subroutine init(a, n, m, base)
    !$acc routine gang
    integer, intent(in) :: n, m, base
    integer, intent(out) :: a(n, m)
    integer :: i, j, off
    off = base * 2 + 1
    !$acc loop gang collapse(2)
    do j = 1, m
      do i = 1, n
        a(i, j) = off + i - j
      end do
    end do
  end subroutine init
  subroutine twice(a, n, m)
    !$acc routine gang
    integer, intent(in) :: n, m
    integer, intent(inout) :: a(n, m)
    call all_rows(a, n, m)
    call all_rows(a, n, m)
  end subroutine twice
end module rg_mod

program routine_gang
  use rg_mod
  implicit none
  integer, parameter :: n = 61, m = 13
  integer :: a(n, m)
  !$acc parallel copyout(a) num_gangs(5)
  call init(a, n, m, 10)
  !$acc end parallel
  print *, sum(a), a(1, 1), a(n, m)
  !$acc parallel copy(a)
  call twice(a, n, m)
  !$acc end parallel
  print *, sum(a), a(n, m)
  !$acc parallel copy(a) num_gangs(3) num_workers(2) vector_length(32)
  call all_rows(a, n, m)
  !$acc end parallel
  print *, sum(a), a(n, m)
  !$acc serial copy(a)
  call init(a, n, m, 1)
  !$acc end serial
  print *, sum(a)
end program routine_gang
