! `same_type_as` and `extends_type_of` of arrays (polymorphic variables, dummies,
! components, and non-polymorphic ones of their declared type) and with a polymorphic
! `mold` (the vtabs' `_extends` chain searched at run time), scalars and arrays, of
! `class(T)` and `class(*)` dummies.
module stm_arrays
  implicit none
  type :: a
    integer :: i = 0
  end type
  type, extends(a) :: b
    integer :: j = 0
  end type
  type :: h
    class(a), allocatable :: arr(:)
  end type
contains
  subroutine check(x, y)
    class(a), intent(in) :: x(:), y
    print *, same_type_as(x, y), extends_type_of(x, a()), extends_type_of(x, b()), same_type_as(x, b())
  end subroutine
end module stm_arrays
subroutine arrays_part()
  use stm_arrays
  implicit none
  class(a), allocatable :: v(:), s
  type(b) :: tb(2)
  type(h) :: hh
  allocate(b :: v(3))
  allocate(a :: s)
  print *, same_type_as(v, s), same_type_as(v, tb), extends_type_of(v, b()), extends_type_of(tb, a())
  call check(v, s)
  call check(tb, tb(1))
  allocate(hh%arr(2), source=b(1, 2))
  print *, same_type_as(hh%arr, tb), same_type_as(hh%arr, s), extends_type_of(hh%arr, a())
end subroutine

module etm
  implicit none
  type :: a
    integer :: i = 0
  end type
  type, extends(a) :: b
    integer :: j = 0
  end type
  type, extends(b) :: c
  end type
contains
  subroutine rel(x, y)
    class(*), intent(in) :: x, y
    print *, extends_type_of(x, y), extends_type_of(y, x), same_type_as(x, y)
  end subroutine
  subroutine rel2(x, y)
    class(a), intent(in) :: x(:)
    class(a), intent(in) :: y
    print *, extends_type_of(x, y), extends_type_of(y, x)
  end subroutine
end module
program type_inquiries
  use etm
  implicit none
  class(a), allocatable :: pa, pb
  type(c) :: tc(2)
  call arrays_part()
  allocate(b :: pa)
  allocate(c :: pb)
  print *, extends_type_of(pa, pb), extends_type_of(pb, pa), extends_type_of(tc, pa), extends_type_of(pa, tc)
  call rel(pa, pb)
  call rel(tc(1), pa)
  call rel(a(1), c())
  call rel2(tc, pa)
  call rel2(tc, a())
end program
