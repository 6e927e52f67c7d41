! Derived-type scalars and arrays of structures in unstructured data directives, present,
! update, collapse over an array of structures and kernels.
program acc_derived_data
  implicit none
  type :: st
    integer :: n
    real :: v(8)
  end type
  type :: pair
    type(st) :: left
    integer :: tag(2)
  end type
  type(st) :: s, arr(4), copies(4)
  type(pair) :: pairs(3)
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
  !$acc parallel loop copyin(arr) copyout(copies)
  do j = 1, 4
    copies(5 - j) = arr(j)
    copies(5 - j)%v(1) = -copies(5 - j)%v(1)
  end do
  print *, copies%n, copies(1)%v(1), copies(4)%v(8)
  !$acc parallel loop copy(pairs) copyin(arr)
  do j = 1, 3
    pairs(j)%left = arr(j + 1)
    pairs(j)%tag(1) = j
    pairs(j)%tag(2) = -j
  end do
  print *, pairs(2)%left%n, pairs(3)%left%v(2), pairs(3)%tag
  !$acc serial copy(pairs)
  pairs(1) = pairs(3)
  !$acc end serial
  print *, pairs(1)%left%n, pairs(1)%tag
end program acc_derived_data
