! Members on a device with its own memory (sim): the kernel works on the device copy of
! `f%v` reached through the device copy of `f`, so the host copy changes only at `update
! self(f%v)` or the copy-out, and host changes reach the kernel only through `update
! device(f%v)`; the structure copied back keeps the host's pointer (it was detached first).
! On the host device the two copies are one. Also `private(j, k)` on an inner loop naming
! the outer loop's variable, which keeps its value (gfortran 12 leaves it undefined).
program member_device_copy
  implicit none
  type field
    integer :: n
    integer, allocatable :: v(:)
  end type
  type(field) :: f
  integer :: i, j, k, m(4, 3)

  f%n = 4
  allocate(f%v(4))
  f%v = [1, 2, 3, 4]
  !$acc enter data copyin(f)
  !$acc enter data copyin(f%v)
  !$acc parallel loop present(f)
  do i = 1, 4
    f%v(i) = f%v(i) + 10
  end do
  print '(a, 4i4)', 'before update self:', f%v
  !$acc update self(f%v)
  print '(a, 4i4)', 'after update self: ', f%v
  f%v = 0
  !$acc parallel loop present(f)
  do i = 1, 4
    f%v(i) = f%v(i) + 100
  end do
  !$acc update self(f%v)
  print '(a, 4i4)', 'no update device:  ', f%v
  f%v = 0
  !$acc update device(f%v)
  !$acc parallel loop present(f)
  do i = 1, 4
    f%v(i) = f%v(i) + i
  end do
  !$acc exit data copyout(f%v)
  !$acc exit data copyout(f)
  print '(a, 4i4)', 'copied out:        ', f%v
  print *, allocated(f%v), size(f%v), f%n

  !$acc parallel loop copyout(m)
  do k = 1, 3
    !$acc loop private(j, k)
    do j = 1, 4
      m(j, k) = 10 * k + j
    end do
  end do
  print '(4i4)', m
end program
