! Module allocatable arrays in compute constructs: allocated by a module procedure,
! mapped with data clauses and enter/exit data, updated in parallel loops inside a
! procedure and in the main program, then reduced; the host sees the results.
module grid_data
  implicit none
  real(8), allocatable :: u(:), v(:)
  integer :: n
contains
  subroutine make(m)
    integer, intent(in) :: m
    integer :: i
    n = m
    allocate(u(n), v(n))
    do i = 1, n
      u(i) = i
    end do
    v = 0
  end subroutine make
  subroutine smooth()
    integer :: i
    !$acc parallel loop copyin(u) copyout(v)
    do i = 2, n - 1
      v(i) = (u(i - 1) + 2 * u(i) + u(i + 1)) / 4
    end do
    v(1) = u(1)
    v(n) = u(n)
  end subroutine smooth
end module grid_data

program acc_module_arrays
  use grid_data
  implicit none
  integer :: i
  real(8) :: total
  call make(1000)
  call smooth()
  total = 0
  !$acc parallel loop reduction(+:total) copyin(v)
  do i = 1, n
    total = total + v(i)
  end do
  print '(F14.3)', total
  !$acc enter data copyin(u)
  !$acc parallel loop present(u)
  do i = 1, n
    u(i) = u(i) * 2
  end do
  !$acc exit data copyout(u)
  print '(3F10.2)', u(1), u(500), u(n)
  deallocate(u, v)
  print *, allocated(u)
end program acc_module_arrays
