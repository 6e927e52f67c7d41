! host_data use_device passes the device copies of arrays to procedures whose compute
! constructs take them with deviceptr (on the construct, or on an enclosing data
! construct): the kernels work on the device copies, which the data construct copies back.
module devops
  implicit none
contains
  subroutine scale(x, n, f)
    integer, intent(in) :: n, f
    integer :: x(n)
    integer :: i
    !$acc parallel loop deviceptr(x)
    do i = 1, n
      x(i) = x(i) * f
    end do
  end subroutine scale

  subroutine add_index(x, y, n)
    integer, intent(in) :: n
    real(8) :: x(n, 2), y(n)
    integer :: i
    !$acc data deviceptr(x, y)
    !$acc parallel loop
    do i = 1, n
      x(i, 1) = x(i, 1) + i
      x(i, 2) = y(i) * 2
    end do
    !$acc kernels
    y(1) = y(1) + 100
    !$acc end kernels
    !$acc end data
  end subroutine add_index
end module devops

program host_data_deviceptr
  use devops
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), i
  real(8) :: r(n, 2), s(n)
  a = [(i, i = 1, n)]
  r = 0.5d0
  s = [(real(i, 8) / 4, i = 1, n)]
  !$acc data copy(a, r) copyin(s)
  !$acc host_data use_device(a)
  call scale(a, n, 3)
  !$acc end host_data
  !$acc host_data use_device(r, s)
  call add_index(r, s, n)
  call add_index(r, s, n)
  !$acc end host_data
  !$acc parallel loop
  do i = 1, n
    r(i, 2) = r(i, 2) + s(i)
  end do
  !$acc end data
  print '(10i5)', a
  print '(8f9.3)', r
end program host_data_deviceptr
