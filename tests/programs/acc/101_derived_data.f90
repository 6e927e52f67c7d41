! Derived-type scalars and arrays of structures in unstructured data directives, present,
! update, collapse over an array of structures and kernels.
program acc_derived_data
  implicit none
  type :: st
    integer :: n
    real :: v(8)
  end type
  type(st) :: s, arr(4)
  integer :: i, j
  s%n = 8
  s%v = 1.0
  do j = 1, 4
    arr(j)%n = j
    arr(j)%v = real(j)
  end do
  !$acc enter data copyin(s, arr)
  !$acc parallel loop present(s)
  do i = 1, s%n
    s%v(i) = s%v(i) + i
  end do
  !$acc parallel loop collapse(2) present(arr)
  do j = 1, 4
    do i = 1, 8
      arr(j)%v(i) = arr(j)%v(i) * arr(j)%n + i
    end do
  end do
  !$acc update self(s)
  print *, s%v
  !$acc exit data copyout(arr) delete(s)
  print *, arr(2)%v, arr(4)%v(8)
  !$acc kernels
  do i = 1, 4
    arr(i)%n = arr(i)%n * 10
  end do
  !$acc end kernels
  print *, arr%n
end program acc_derived_data
