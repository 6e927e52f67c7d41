! Allocatable array dummies (gfortran's descriptor by reference): allocated,
! reallocated and deallocated by the callee and seen by the caller with their new
! bounds; intent(out) ones are deallocated on entry (also their elements' allocatable
! components); passed on to another procedure; components and module arrays as actuals.
module grow_m
  implicit none
  type :: rec
    integer, allocatable :: vals(:)
  end type
  type :: holder
    real, allocatable :: data(:, :)
  end type
  integer, allocatable :: shared(:)
contains
  subroutine push(v, x)
    integer, allocatable, intent(inout) :: v(:)
    integer, intent(in) :: x
    integer, allocatable :: tmp(:)
    if (.not. allocated(v)) then
      allocate(v(0))
    end if
    allocate(tmp(size(v) + 1))
    tmp(1:size(v)) = v
    tmp(size(v) + 1) = x
    call move_alloc(tmp, v)
  end subroutine
  subroutine fresh(v, lo, hi)
    integer, allocatable, intent(out) :: v(:)
    integer, intent(in) :: lo, hi
    integer :: i
    print *, 'fresh: allocated on entry?', allocated(v)
    allocate(v(lo:hi))
    v = [(i, i = lo, hi)]
  end subroutine
  subroutine reset(rs)
    type(rec), allocatable, intent(out) :: rs(:)
    print *, 'reset: allocated on entry?', allocated(rs)
  end subroutine
  subroutine twice(v)
    integer, allocatable, intent(inout) :: v(:)
    call push(v, 2 * v(size(v)))
    call push(v, 4 * v(1))
  end subroutine
  subroutine grid(a, n)
    real, allocatable, intent(inout) :: a(:, :)
    integer, intent(in) :: n
    if (allocated(a)) deallocate(a)
    allocate(a(n, n + 1))
    a = 1.5
  end subroutine
end module

program alloc_dummies
  use grow_m
  implicit none
  integer, allocatable :: a(:)
  type(rec), allocatable :: rs(:)
  type(rec) :: r
  type(holder) :: h
  integer :: i
  do i = 1, 4
    call push(a, i * i)
  end do
  print *, size(a), a
  call fresh(a, -1, 2)
  print *, lbound(a), ubound(a), a
  call twice(a)
  print *, size(a), a
  call push(r%vals, 5)
  call push(r%vals, 6)
  print *, r%vals
  call fresh(r%vals, 3, 4)
  print *, lbound(r%vals), r%vals
  allocate(rs(2))
  allocate(rs(1)%vals(3))
  call reset(rs)
  print *, allocated(rs)
  call grid(h%data, 2)
  print *, shape(h%data), sum(h%data)
  call grid(h%data, 3)
  print *, shape(h%data), sum(h%data)
  call push(shared, 9)
  call push(shared, 8)
  print *, shared
end program
