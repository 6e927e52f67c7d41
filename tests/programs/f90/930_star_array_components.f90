! `class(*)` allocatable array components (gfortran's container: the descriptor, `_vptr`,
! `_len`): allocate with `source=` of a scalar, of constructors (numbers, characters,
! structures with an implied-do loop) and with a character type spec and bounds;
! `select type` of the whole component; intrinsic assignment of the enclosing type copies
! it deeply (characters `_size` times `_len` bytes each).
module sam
  implicit none
  type :: pt
    integer :: x = 0
  end type
  type :: bucket
    integer :: tag = 0
    class(*), allocatable :: many(:)
  end type
contains
  subroutine show(b)
    type(bucket), intent(in) :: b
    if (.not. allocated(b%many)) then
      print *, 'empty'
      return
    end if
    select type (m => b%many)
    type is (integer)
      print *, 'ints', size(m), m
    type is (real)
      print *, 'reals', m
    type is (character(*))
      print *, 'chars', len(m), size(m), ' ', m
    type is (pt)
      print *, 'pts', m%x
    class default
      print *, 'other'
    end select
  end subroutine
end module
program p
  use sam
  implicit none
  type(bucket) :: b, c
  integer :: j
  call show(b)
  allocate(b%many(3), source=7)
  call show(b)
  deallocate(b%many)
  allocate(b%many, source=[1.5, 2.5])
  call show(b)
  c = b
  deallocate(b%many)
  allocate(b%many, source=['ab', 'cd', 'ef'])
  call show(b)
  call show(c)
  c = b
  call show(c)
  deallocate(b%many)
  allocate(b%many, source=[(pt(j), j = 1, 4)])
  call show(b)
  deallocate(c%many)
  allocate(character(len=5) :: c%many(0:1))
  deallocate(c%many)
  allocate(character(len=5) :: c%many(2))
  select type (m => c%many)
  type is (character(*))
    m(1) = 'hello'
    m(2) = 'world'
  end select
  call show(c)
end program
