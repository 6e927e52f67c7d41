! Atomic updates, reads and writes of derived-type components (scalars and array elements)
! inside a parallel loop.
program acc_derived_atomic
  implicit none
  type :: ctr
    integer :: count
    real(8) :: total
    integer :: hist(4)
    integer :: last
  end type ctr
  type(ctr) :: c
  integer :: i, seen
  c%count = 0
  c%total = 0
  c%hist = 0
  c%last = -1
  !$acc parallel loop copy(c)
  do i = 1, 100
    !$acc atomic update
    c%count = c%count + 1
    !$acc atomic
    c%total = c%total + i * 0.5d0
    !$acc atomic update
    c%hist(mod(i, 4) + 1) = c%hist(mod(i, 4) + 1) + i
    !$acc atomic update
    c%last = max(c%last, i)
  end do
  print *, c
  seen = 0
  !$acc parallel loop copy(c, seen)
  do i = 1, 10
    !$acc atomic write
    c%hist(1) = 7
    !$acc atomic read
    seen = c%hist(1)
  end do
  print *, c%hist(1), seen
end program acc_derived_atomic
