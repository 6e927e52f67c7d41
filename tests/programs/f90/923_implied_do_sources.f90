! Array constructors with implied-do loops as the `source=` of `allocate` of `class(*)`
! and `class(T)` allocatable arrays (characters of a variable's, a literal's and a
! substring's length, and structures), and as actual arguments of `class(*)` array
! dummies; `select type` reads the dynamic type and the characters' `_len`.
module m
  implicit none
  type :: base
    integer :: i = 0
  end type
  type, extends(base) :: ext
    integer :: k = 0
  end type
contains
  subroutine show(x)
    class(*), intent(in) :: x(:)
    select type (x)
    type is (character(*))
      print *, 'chars', size(x), len(x), ' ', x
    type is (base)
      print *, 'base', x%i
    type is (integer)
      print *, 'ints', x
    end select
  end subroutine
end module
program t
  use m
  implicit none
  class(*), allocatable :: a(:)
  class(base), allocatable :: b(:)
  integer :: j
  character(len=3) :: w(2) = ['abc', 'def']
  allocate(a, source=[(w(mod(j,2)+1), j = 1, 3)])
  call show(a)
  deallocate(a)
  allocate(a, source=[('xy', j = 1, 4)])
  call show(a)
  deallocate(a)
  allocate(a, source=[(base(j), j = 1, 3)])
  call show(a)
  allocate(b, source=[(ext(j, -j), j = 1, 2)])
  select type (b)
  type is (ext)
    print *, 'ext', b%i, b%k
  end select
  deallocate(b)
  allocate(b, source=[(base(10*j), j = 1, 2)])
  print *, b%i
  call show([('ab', j = 1, 2)])
  call show([(w(j)(1:2), j = 1, 2)])
end program
