! Real arithmetic through routines (exact data: small integers and powers of two): a
! matrix-vector product by a routine vector function per row, a routine worker over a
! block of rows, `acc_on_device` inside a routine gang, and async launches that call
! routines, waited for before the results are read.
module mv_mod
  use openacc
  implicit none
contains
  real(8) function rowdot(a, x, n, i)
    !$acc routine vector
    integer, intent(in) :: n, i
    real(8), intent(in) :: a(n, n), x(n)
    integer :: j
    real(8) :: t
    t = 0
    !$acc loop vector reduction(+:t)
    do j = 1, n
      t = t + a(j, i) * x(j)
    end do
    rowdot = t
  end function rowdot
  subroutine block_rows(a, x, y, n, first, last)
    !$acc routine worker
    integer, intent(in) :: n, first, last
    real(8), intent(in) :: a(n, n), x(n)
    real(8), intent(inout) :: y(n)
    integer :: i
    !$acc loop worker
    do i = first, last
      y(i) = rowdot(a, x, n, i) * 0.5d0
    end do
  end subroutine block_rows
  subroutine where_am_i(flags, ng)
    !$acc routine gang
    integer, intent(in) :: ng
    integer, intent(inout) :: flags(ng)
    integer :: k, here
    here = 0
    if (acc_on_device(acc_device_not_host)) here = 1
    !$acc loop gang
    do k = 1, ng
      flags(k) = here + 10 * k
    end do
  end subroutine where_am_i
end module mv_mod

program routine_real_async
  use mv_mod
  implicit none
  integer, parameter :: n = 96, nb = 8
  real(8) :: a(n, n), x(n), y(n), z(n)
  integer :: i, j, b, flags(6)
  do i = 1, n
    x(i) = 2.0d0 ** mod(i, 5)
    do j = 1, n
      a(j, i) = real(mod(i * j, 7) - 3, 8)
    end do
  end do
  y = 0
  z = 0
  !$acc data copyin(a, x) copy(y, z)
  !$acc parallel loop gang async(1)
  do b = 1, nb
    call block_rows(a, x, y, n, (b - 1) * (n / nb) + 1, b * (n / nb))
  end do
  !$acc parallel loop gang worker async(2)
  do i = 1, n
    z(i) = rowdot(a, x, n, i)
  end do
  !$acc wait
  !$acc end data
  print *, sum(y), y(1), y(n)
  print *, sum(z), maxval(z), minval(z)
  print *, all(z == 2 * y)
  flags = 0
  !$acc parallel copy(flags)
  call where_am_i(flags, 6)
  !$acc end parallel
  print *, flags - mod(flags, 10)
end program routine_real_async
