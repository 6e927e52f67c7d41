! Polymorphic allocatable arrays: `allocate` with a type spec, `source=` and `mold=`,
! the dynamic type's element size, dispatch per element, passing them to `class` array
! dummies and to polymorphic allocatable dummies that allocate them, `deallocate` and
! reallocation with another dynamic type.
module zoo
  implicit none
  type :: animal
    integer :: legs = 4
  contains
    procedure :: noise
  end type
  type, extends(animal) :: bird
    integer :: wings = 2
    real(8) :: span = 0.5d0
  contains
    procedure :: noise => bird_noise
  end type
  type, extends(bird) :: parrot
    integer :: words = 0
  contains
    procedure :: noise => parrot_noise
  end type
contains
  integer function noise(self)
    class(animal), intent(in) :: self
    noise = self%legs
  end function
  integer function bird_noise(self)
    class(bird), intent(in) :: self
    bird_noise = 100 * self%wings + self%legs
  end function
  integer function parrot_noise(self)
    class(parrot), intent(in) :: self
    parrot_noise = 1000 * self%words + 100 * self%wings
  end function
  subroutine report(tag, a)
    character(*), intent(in) :: tag
    class(animal), intent(in) :: a(:)
    integer :: i
    write (*, '(a, i3, a)', advance='no') tag, size(a), ':'
    do i = 1, size(a)
      write (*, '(i6)', advance='no') a(i)%noise()
    end do
    write (*, *)
  end subroutine
  subroutine make(a, kind, n)
    class(animal), allocatable, intent(out) :: a(:)
    integer, intent(in) :: kind, n
    integer :: i
    select case (kind)
    case (1)
      allocate(bird :: a(n))
    case (2)
      allocate(a(n), source=parrot(legs=2, wings=2, span=0.25d0, words=7))
    case default
      allocate(a(n))
    end select
    do i = 1, n
      a(i)%legs = a(i)%legs + i
    end do
  end subroutine
  subroutine grow(a)
    class(animal), allocatable, intent(inout) :: a(:)
    class(animal), allocatable :: tmp(:)
    allocate(tmp(size(a) + 1), mold=a)
    call report('mold', tmp)
    deallocate(a)
    call move_alloc(tmp, a)
  end subroutine
end module

program poly_alloc_arrays
  use zoo
  implicit none
  class(animal), allocatable :: zs(:), ws(:)
  type(parrot) :: p(2)
  integer :: k
  allocate(parrot :: zs(3))
  print *, allocated(zs), size(zs), lbound(zs), ubound(zs)
  call report('parrots', zs)
  zs(2)%legs = 9
  call report('changed', zs)
  deallocate(zs)
  print *, allocated(zs)
  allocate(zs(0:1))
  call report('animals', zs)
  deallocate(zs)
  do k = 1, 3
    call make(zs, k, k + 1)
    call report('made', zs)
  end do
  p(1)%words = 3
  p(2)%words = 4
  allocate(ws, source=p)
  call report('source', ws)
  call report('section', ws(2:1:-1))
  call grow(ws)
  call report('grown', ws)
  print *, size(ws), ws(1)%legs, ws(3)%legs
  select type (ws)
  type is (parrot)
    print *, 'parrots', ws%words
  class default
    print *, 'other'
  end select
end program
