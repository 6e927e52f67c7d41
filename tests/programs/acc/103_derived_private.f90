! Gang-private derived-type scalars (loop and construct private clauses).
program acc_derived_private
  implicit none
  type :: acc_t
    real(8) :: s
    integer :: n
    real(8) :: w(3)
  end type
  type(acc_t) :: tmp
  real(8) :: out(64), tot(8)
  integer :: i, j
  !$acc parallel loop gang private(tmp) copyout(tot)
  do j = 1, 8
    tmp%s = 0
    tmp%n = 0
    tmp%w = j
    do i = 1, 10
      tmp%s = tmp%s + i * tmp%w(2)
      tmp%n = tmp%n + 1
    end do
    tot(j) = tmp%s / tmp%n
  end do
  print *, tot
  !$acc parallel private(tmp) num_gangs(4) copyout(out)
  !$acc loop gang
  do j = 1, 64
    out(j) = j
  end do
  !$acc end parallel
  print *, sum(out)
end program acc_derived_private
