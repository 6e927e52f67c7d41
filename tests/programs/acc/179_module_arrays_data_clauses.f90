! Module arrays without `declare` (inline storage in the module's object) in data clauses:
! `enter data` in a module procedure and `exit data` in the main program, `update` inside
! a data region, implicit `copy` in a `kernels` construct, `present` in a second module's
! procedure, and a module array passed to an `!$acc routine seq` procedure of that module
! (a device procedure in a module that sees another module's arrays); named constant
! arrays of a module (read-only objects) in a compute construct.
module field_data
  implicit none
  integer, parameter :: n = 12
  integer :: src(n) = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
  integer :: dst(n)
  real(8) :: mat(3, 4) = 1d0
  integer, parameter :: pw(3) = [1, 10, 100]
  integer, parameter :: pm(2, 2) = reshape([1, 2, 3, 4], [2, 2])
contains
  subroutine open_fields()
    !$acc enter data copyin(src, mat) create(dst)
  end subroutine open_fields
end module field_data

module field_ops
  use field_data
  implicit none
contains
  integer function total(a, m)
    !$acc routine seq
    integer, intent(in) :: m
    integer, intent(in) :: a(m)
    integer :: i
    total = 0
    do i = 1, m
      total = total + a(i)
    end do
  end function total

  subroutine combine(k)
    integer, intent(in) :: k
    integer :: i
    !$acc parallel loop present(src, dst)
    do i = 1, n
      dst(i) = src(i) * k + total(src, 4)
    end do
  end subroutine combine
end module field_ops

program module_arrays_data_clauses
  use field_data
  use field_ops
  implicit none
  integer :: i, j
  call open_fields()
  call combine(3)
  !$acc update self(dst)
  print '(12i4)', dst
  src = src * 2
  !$acc update device(src(1:6))
  !$acc update device(src(7:n))
  call combine(1)
  !$acc parallel loop collapse(2) present(mat)
  do j = 1, 4
    do i = 1, 3
      mat(i, j) = mat(i, j) * i + j
    end do
  end do
  !$acc exit data copyout(dst, mat) delete(src)
  print '(12i4)', dst
  print '(4f6.1)', mat
  ! An implicit copy of the module arrays in a kernels construct.
  !$acc kernels
  do i = 1, n
    dst(i) = dst(i) - src(i)
  end do
  !$acc end kernels
  print '(12i4)', dst
  ! The module's named constant arrays (read-only objects): copied in, never back.
  !$acc parallel loop copyout(dst)
  do i = 1, n
    dst(i) = pw(mod(i - 1, 3) + 1) * pm(mod(i - 1, 2) + 1, 2)
  end do
  print '(12i5)', dst
end program module_arrays_data_clauses
