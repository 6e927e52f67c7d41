! Allocatable deferred-length character components (gfortran's layout: the data address in
! place, the length after the type's own components): assignment with reallocation (also
! from the component itself), len, allocated, substrings, structure constructors, deep
! copies in intrinsic assignment, deallocate, intent(out), arrays of structures, nested
! and extended types, actual arguments.
module people
  implicit none
  type person
    integer :: id = 0
    character(:), allocatable :: name
    real :: score = 0
    character(:), allocatable :: note
  end type
  type, extends(person) :: student
    character(:), allocatable :: school
  end type
  type team
    type(person) :: lead
    type(person) :: members(3)
  end type
contains
  subroutine rename(p, s)
    type(person), intent(inout) :: p
    character(*), intent(in) :: s
    p%name = trim(s) // '-' // p%name
  end subroutine
  subroutine reset(p)
    type(person), intent(out) :: p
    p%id = -1
  end subroutine
  integer function count_vowels(s)
    character(*), intent(in) :: s
    integer :: i
    count_vowels = 0
    do i = 1, len(s)
      if (index('aeiou', s(i:i)) > 0) count_vowels = count_vowels + 1
    end do
  end function
  function make(id, name) result(p)
    integer, intent(in) :: id
    character(*), intent(in) :: name
    type(person) :: p
    p%id = id
    p%name = name
  end function
end module

program alloc_char_components
  use people
  implicit none
  type(person) :: a, b
  type(student) :: s
  type(team) :: t
  integer :: i
  print *, allocated(a%name), allocated(a%note)
  a%name = 'Ada'
  a%id = 1
  print *, allocated(a%name), len(a%name), '[', a%name, ']'
  a%name = a%name // ' Lovelace'
  print *, len(a%name), '[', a%name, ']', a%name(5:8), len(a%name(2:))
  b = a
  a%name(1:3) = 'ADA'
  a%name = a%name(1:3)
  print *, '[', a%name, '] [', b%name, ']', len(b%name), allocated(b%note)
  call rename(b, 'Countess   ')
  print *, b%name, count_vowels(b%name)
  b = person(2, 'Grace', 9.5, 'admiral')
  print *, b%id, b%name, b%score, b%note, len(b%note)
  deallocate(b%note)
  print *, allocated(b%note), allocated(b%name)
  call reset(b)
  print *, b%id, allocated(b%name)
  s%id = 3
  s%name = 'Emmy'
  s%school = 'Erlangen'
  print *, s%id, s%name, s%school, len(s%school)
  t%lead = make(10, 'lead')
  do i = 1, 3
    t%members(i) = make(i, repeat('x', i))
  end do
  print *, t%lead%name, (t%members(i)%name, len(t%members(i)%name), i = 1, 3)
  t%members(2)%name = ''
  print *, len(t%members(2)%name), '[', t%members(2)%name, ']'
end program
