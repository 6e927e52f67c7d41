! Derived-type members in data clauses (manual deep copy): the structure, then its
! allocatable components (`enter data copyin(f)` then `copyin(f%v)`), a kernel that uses
! `f%v(i)` through the structure's device copy (attached to the member's device copy),
! `update self(f%v)`, `exit data copyout(f%v)` then `delete(f)`; members in a structured
! data construct inside one of the structure (`copyin(g%a) copy(g%b(2:5))`, nested
! `g%in%w`), a scalar member in `update`, and a kernel that uses members of a structure
! named in no clause (mapped implicitly, with its allocatable members, and attached).
program member_deep_copy
  implicit none
  type inner
    integer, allocatable :: w(:)
  end type
  type field
    integer :: n
    real(8), allocatable :: v(:)
    integer, allocatable :: a(:), b(:)
    type(inner) :: in
  end type
  type(field) :: f, g, h
  integer :: i, s

  f%n = 8
  allocate(f%v(8))
  f%v = 1.0d0
  !$acc enter data copyin(f)
  !$acc enter data copyin(f%v)
  !$acc parallel loop present(f)
  do i = 1, 8
    f%v(i) = f%v(i) + i
  end do
  !$acc update self(f%v)
  print '(8f5.1)', f%v
  !$acc parallel loop present(f%v)
  do i = 1, f%n
    f%v(i) = 2 * f%v(i)
  end do
  !$acc exit data copyout(f%v)
  !$acc exit data delete(f)
  print '(8f5.1)', f%v

  g%n = 6
  allocate(g%a(6), g%b(6), g%in%w(6))
  g%a = [(i, i = 1, 6)]
  g%b = 0
  g%in%w = 100
  !$acc data copyin(g)
  !$acc data copyin(g%a) copy(g%b(2:5)) copy(g%in%w)
  !$acc parallel loop
  do i = 2, 5
    g%b(i) = g%a(i) * 10
    g%in%w(i) = g%in%w(i) + g%a(i)
  end do
  !$acc end data
  !$acc end data
  print '(6i5)', g%b
  print '(6i5)', g%in%w

  ! Scalar members in `update`.
  !$acc enter data create(g)
  !$acc update device(g%n)
  !$acc serial present(g)
  g%n = g%n + 1
  !$acc end serial
  !$acc update self(g%n)
  !$acc exit data delete(g)
  print *, g%n

  ! No clause at all: h and its allocatable members are mapped implicitly.
  h%n = 5
  allocate(h%a(5), h%in%w(5))
  h%a = [(i * i, i = 1, 5)]
  h%in%w = 0
  s = 0
  !$acc parallel loop reduction(+:s)
  do i = 1, h%n
    h%in%w(i) = h%a(i) + 1
    s = s + h%a(i)
  end do
  print '(5i5)', h%in%w
  print *, s
end program
