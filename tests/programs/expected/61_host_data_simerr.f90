! host_data beyond what gfortran 12 runs (its host fallback crashes on these programs):
! device copies from enter data, a deviceptr procedure called more than once, if_present
! for arrays that are not present (their host addresses), if(.false.) (host addresses).
! Last, use_device of an array that is not present: on the sim device the error names it.
module devscale
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
end module devscale

program host_data_simerr
  use devscale
  implicit none
  integer, parameter :: n = 12
  integer :: b(n), c(n), i
  b = [(i, i = 1, n)]
  c = 1
  !$acc enter data copyin(b)
  !$acc host_data use_device(b)
  call scale(b, n, 2)
  call scale(b, n, 5)
  !$acc end host_data
  ! The host copy is unchanged until the copy-out.
  print '(12i5)', b
  !$acc host_data use_device(b, c) if_present
  call scale(b, n, 3)
  !$acc end host_data
  ! c is not present: its host address, so the host copy is scaled (on every device).
  !$acc host_data use_device(c) if_present
  call scale(c, n, 7)
  !$acc end host_data
  !$acc exit data copyout(b)
  print '(12i5)', b
  print '(12i5)', c
  !$acc host_data use_device(c) if(.false.)
  c(1) = 0
  !$acc end host_data
  print '(12i5)', c
  !$acc host_data use_device(c)
  call scale(c, n, 2)
  !$acc end host_data
  print '(12i5)', c
end program host_data_simerr
