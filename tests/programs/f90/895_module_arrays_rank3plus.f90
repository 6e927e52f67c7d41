! Module arrays of rank 3 to 7 with lower bounds other than 1, in the module's object:
! a `reshape` initial value of rank 3, elements and sections referenced from another unit,
! whole arrays passed to explicit-shape and assumed-shape dummies, and array intrinsics;
! named constant arrays of rank 2 and 3 (a module's objects in read-only memory, and a
! procedure's own).
module blocks
  implicit none
  integer, private :: q
  integer :: cube(0:1, 2, -1:1) = reshape([(q, q = 1, 12)], [2, 2, 3])
  real(8) :: hyper(2, 0:2, 2, 2)
  integer :: five(2, 2, 2, 2, 0:1)
  integer(8) :: seven(2, 1, 2, 1, 2, 1, 2)
  integer, parameter :: pc(2, 2, 2) = reshape([10, 20, 30, 40, 50, 60, 70, 80], [2, 2, 2])
  real, parameter :: pr(2, 3) = reshape([0.5, 1.5, 2.5, 3.5, 4.5, 5.5], [2, 3])
contains
  subroutine setup()
    integer :: i, j, k, l
    do l = 1, 2
      do k = 1, 2
        do j = 0, 2
          do i = 1, 2
            hyper(i, j, k, l) = i + 10 * j + 100 * k + 1000 * l
          end do
        end do
      end do
    end do
    five = 1
    five(:, :, :, :, 1) = 2
    seven = 0
    seven(2, 1, 2, 1, 2, 1, 2) = 7
  end subroutine setup
end module blocks

subroutine total(a, n, s)
  implicit none
  integer, intent(in) :: n
  integer, intent(in) :: a(n)
  integer, intent(out) :: s
  integer, parameter :: weight(2, 2) = reshape([1, 0, 0, 1], [2, 2])
  s = sum(a) * weight(n / 12 + 1, n / 12 + 1)
end subroutine total

module reader
  implicit none
contains
  integer function corner(c)
    integer, intent(in) :: c(:, :, :)
    corner = c(size(c, 1), size(c, 2), size(c, 3)) + 100 * size(c)
  end function corner
end module reader

program module_arrays_rank3plus
  use blocks
  use reader
  implicit none
  integer :: s
  call setup()
  print '(12i4)', cube
  print *, cube(1, 2, 1), cube(0, 1, -1), lbound(cube), ubound(cube)
  print '(6f8.1)', hyper(:, :, 2, 1)
  print *, sum(hyper), maxval(hyper(2, :, :, 2))
  call total(cube, 12, s)
  print *, s, corner(cube), sum(five), count(five == 2), shape(five)
  print *, sum(seven), maxloc(seven(:, 1, :, 1, :, 1, :))
  cube(:, :, 0) = -cube(:, :, 0)
  call total(cube, 12, s)
  print *, s, cube(:, 1, 0)
  ! Named constant arrays of rank 2 and 3: elements at run-time subscripts, sections,
  ! whole arrays as actual arguments and in intrinsics.
  s = 2
  print *, pc(s, 1, s), pc(1, :, 2), sum(pc), shape(pc)
  print '(6f5.1, 2f6.1)', pr, pr(s, s + 1), sum(pr(:, 2:3))
  call total(pc, 8, s)
  print *, s, corner(pc), maxloc(pc(:, :, 1))
end program module_arrays_rank3plus
