! Pointer components and arrays of structures in data clauses: `t(2)%v` (one element's
! member), a pointer component's target mapped through the member (`enter data
! copyin(h%p)`) and through its own name with an explicit `attach(h%p)`, `detach` and
! `finalize` on `exit data`, and `present(t(2)%v)` on a compute construct.
program member_attach
  implicit none
  type holder
    integer :: id
    integer, pointer :: p(:) => null()
    real(8), allocatable :: v(:)
  end type
  type(holder) :: h, t(3)
  integer, target :: a(8)
  integer :: i, j, k

  a = [(i, i = 1, 8)]
  h%id = 1
  h%p => a
  !$acc enter data copyin(h)
  !$acc enter data copyin(h%p)
  !$acc parallel loop present(h)
  do i = 1, 8
    h%p(i) = h%p(i) * 3
  end do
  !$acc exit data copyout(h%p) finalize
  !$acc exit data delete(h)
  print '(8i4)', a

  ! The target mapped by its own name, then attached explicitly.
  !$acc enter data copyin(h)
  !$acc enter data copyin(a)
  !$acc enter data attach(h%p)
  !$acc parallel loop present(h)
  do i = 1, 8
    h%p(i) = h%p(i) + 100
  end do
  !$acc exit data detach(h%p)
  !$acc exit data copyout(a)
  !$acc exit data delete(h)
  print '(8i4)', a

  do i = 1, 3
    t(i)%id = i
    allocate(t(i)%v(4))
    t(i)%v = real(i, 8)
  end do
  !$acc enter data copyin(t)
  !$acc enter data copyin(t(2)%v)
  !$acc parallel loop present(t(2)%v)
  do i = 1, 4
    t(2)%v(i) = t(2)%v(i) * 0.5d0 + i
  end do
  !$acc exit data copyout(t(2)%v)
  !$acc exit data delete(t)
  print '(4f6.2)', t(2)%v
  print '(4f6.2)', t(3)%v

end program
