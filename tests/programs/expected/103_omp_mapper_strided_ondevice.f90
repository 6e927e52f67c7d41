! flags: -fopenmp
! OpenMP 5.0's declare mapper and strided target update (gfortran 12 has neither):
! - a default mapper of a type with a pointer component maps the component's target with
!   the structure, for explicit maps (target data, target enter/exit data) and for a
!   structure a target region references without a clause (through a declare target
!   procedure);
! - a named mapper applies where map(mapper(id), ...) names it;
! - target update of a section with a stride moves only the section's elements.
! On the sim device (separate memory) the elements between the updated ones keep the
! device's values; on the host device there is one copy of the data.
module vecs
  implicit none
  type vec
    integer :: n
    integer, pointer :: v(:)
  end type
contains
  subroutine bump(s, k)
    !$omp declare target
    type(vec) :: s
    integer, intent(in) :: k
    integer :: i
    s%v = [(s%v(i) + k * i, i = 1, s%n)]
  end subroutine
end module

program mapper_strided
  use vecs
  implicit none
  integer :: i
  !$omp declare mapper(vec :: x) map(x, x%v(1:x%n))
  !$omp declare mapper(firsthalf: vec :: y) map(y, y%v(1:y%n/2))
  type(vec) :: a, b, c
  integer :: w(10)

  allocate(a%v(8), b%v(8), c%v(8))
  a%n = 8
  b%n = 8
  c%n = 8
  a%v = 0
  b%v = 1
  c%v = 0

  ! Implicit: the region names `a` only through the call; the mapper maps a%v too.
  !$omp target
  call bump(a, 1)
  !$omp end target
  print '(a, 8i4)', 'implicit ', a%v

  ! Explicit, with the structure's own map type.
  !$omp target enter data map(to: b)
  !$omp target
  call bump(b, 10)
  !$omp end target
  !$omp target exit data map(from: b)
  print '(a, 8i4)', 'enter/exit', b%v

  ! A named mapper: only the first half is mapped, so only it comes back.
  !$omp target map(mapper(firsthalf), tofrom: c)
  do i = 1, c%n / 2
    c%v(i) = 100 + i
  end do
  !$omp end target
  print '(a, 8i4)', 'named    ', c%v

  ! Strided updates of a structure's component and of an array.
  c%v = [(i, i = 1, 8)]
  w = [(i, i = 1, 10)]
  !$omp target data map(tofrom: c) map(to: w)
  c%v = -c%v
  w = -w
  !$omp target update to(c%v(1:c%n:2), w(2:10:3))
  !$omp target
  do i = 1, 8
    c%v(i) = c%v(i) * 10
  end do
  do i = 1, 10
    w(i) = w(i) * 10
  end do
  !$omp end target
  !$omp target update from(w(1:10:4))
  !$omp end target data
  print '(a, 8i5)', 'strided  ', c%v
  print '(a, 10i5)', 'strided  ', w
end program
