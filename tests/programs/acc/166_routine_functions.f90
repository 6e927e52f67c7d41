! Routine functions and external routines through interface blocks; routines called from
! host code run their host copy (all iterations on the calling thread).
module rf_mod
  implicit none
contains
  integer function dot(a, b, n, j)
    !$acc routine vector
    integer, intent(in) :: n, j
    integer, intent(in) :: a(n, *), b(n)
    integer :: i, t
    t = 0
    !$acc loop vector reduction(+:t)
    do i = 1, n
      t = t + a(i, j) * b(i)
    end do
    dot = t
  end function dot
end module rf_mod

subroutine axpy_cols(a, n, m, c)
  !$acc routine worker
  integer, intent(in) :: n, m, c
  integer, intent(inout) :: a(n, m)
  integer :: i, j
  !$acc loop worker
  do j = 1, m
    !$acc loop vector
    do i = 1, n
      a(i, j) = a(i, j) + c * i
    end do
  end do
end subroutine axpy_cols

program routine_functions
  use rf_mod
  implicit none
  interface
    subroutine axpy_cols(a, n, m, c)
      !$acc routine worker
      integer, intent(in) :: n, m, c
      integer, intent(inout) :: a(n, m)
    end subroutine axpy_cols
  end interface
  integer, parameter :: n = 70, m = 9
  integer :: a(n, m), b(n), d(m), p(n, m, 3), i, j
  do j = 1, m
    do i = 1, n
      a(i, j) = mod(i + 3 * j, 11) - 5
    end do
  end do
  b = [(mod(i, 4) - 1, i = 1, n)]
  !$acc parallel loop gang worker copyin(a, b) copyout(d)
  do j = 1, m
    d(j) = dot(a, b, n, j) + j
  end do
  print *, d
  p = 1
  ! Each gang passes its plane by its first element (sequence association).
  !$acc parallel loop gang copy(p)
  do j = 1, 3
    call axpy_cols(p(1, 1, j), n, m, j)
  end do
  print *, sum(p), p(n, m, 3), p(1, 1, 2)
  ! On the host: the host copies.
  call axpy_cols(a, n, m, 2)
  print *, sum(a), dot(a, b, n, 2)
end program routine_functions
