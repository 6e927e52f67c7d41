! Data clauses beyond copy/copyin/copyout/create/present: default(present) and
! default(none) with explicit clauses, no_create (present data is used, absent data is
! not created: the host copy is used on the host device only, so the kernel here does not
! write it), update if_present, exit data finalize (dynamic reference counts dropped at
! once) and delete, enter data of array sections.
program data_clause_forms
  use openacc
  implicit none
  integer, parameter :: n = 16
  integer :: a(n), b(n), c(n), i
  logical :: absent_ok
  a = [(i, i = 1, n)]
  b = 100
  c = 0
  !$acc enter data copyin(a)
  !$acc enter data copyin(a)
  !$acc parallel loop default(present)
  do i = 1, n
    a(i) = a(i) * 2
  end do
  !$acc parallel loop default(none) present(a) copy(c)
  do i = 1, n
    c(i) = a(i) + 1
  end do
  !$acc data no_create(a, b)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 3
  end do
  !$acc end data
  absent_ok = .true.
  !$acc parallel loop no_create(b) copyin(absent_ok)
  do i = 1, n
    if (.not. absent_ok) b(i) = -1
  end do
  !$acc update self(b) if_present
  !$acc update self(a) if_present
  !$acc update device(b) if_present
  print '(16i4)', a
  print '(16i4)', b
  print '(16i4)', c
  ! Two dynamic references: finalize drops both, so a is no longer present (on the host
  ! device every array is present).
  !$acc exit data copyout(a) finalize
  print *, acc_is_present(a) .eqv. (acc_get_device_type() == acc_device_host)
  !$acc enter data copyin(c(5:8))
  !$acc parallel loop present(c(5:8))
  do i = 5, 8
    c(i) = -c(i)
  end do
  !$acc exit data copyout(c(5:8))
  print '(16i4)', c
  !$acc enter data create(b)
  !$acc exit data delete(b) finalize
  print '(16i4)', b
end program data_clause_forms
