! Expected diagnostics: a routine is called where its levels are free (OpenACC 3.3,
! 2.15.1): a `routine gang` from gang-redundant code, a `routine worker` outside worker
! and vector loops, a `routine vector` outside vector loops.
module levels_mod
  implicit none
contains
  subroutine g(a, n)
    !$acc routine gang
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop gang
    do i = 1, n
      a(i) = i
    end do
  end subroutine g
  subroutine w(a, n)
    !$acc routine worker
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop worker
    do i = 1, n
      a(i) = i
    end do
  end subroutine w
  subroutine v(a, n)
    !$acc routine vector
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop vector
    do i = 1, n
      a(i) = i
    end do
  end subroutine v
end module levels_mod

program call_levels
  use levels_mod
  implicit none
  integer :: a(100), k, j
  !$acc parallel loop gang copy(a)
  do k = 1, 4
    call g(a, 100)
  end do
  !$acc parallel loop gang worker copy(a)
  do k = 1, 4
    call w(a, 100)
  end do
  !$acc parallel copy(a)
  !$acc loop gang
  do k = 1, 4
    !$acc loop vector
    do j = 1, 4
      call v(a, 100)
    end do
  end do
  !$acc end parallel
  !$acc parallel loop gang copy(a)
  do k = 1, 4
    call w(a, 100)
    call v(a, 100)
  end do
end program call_levels
