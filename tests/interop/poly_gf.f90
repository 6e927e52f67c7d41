! Compiled by gfortran only: reads the dynamic type of a class container from its vtab,
! and prints for the other files (one run-time library writes all output).
subroutine gf_kind(s)
  use polyt
  implicit none
  class(shape), intent(in) :: s
  select type (s)
  type is (circle)
    print *, 'circle', s%id, s%r
  type is (square)
    print *, 'square', s%id, s%side
  class is (square)
    print *, 'a kind of square', s%id, s%side
  class default
    print *, 'shape', s%id
  end select
  print *, 'extends square:', extends_type_of(s, square(0, 0.0))
end subroutine

! A polymorphic array from either compiler: each element's dynamic type from the
! container's `_vptr`, elements `_size` bytes apart.
subroutine gf_kinds(a)
  use polyt
  implicit none
  class(shape), intent(in) :: a(:)
  integer :: i
  interface
    subroutine gf_kind(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
  end interface
  print *, 'gf_kinds', size(a)
  do i = 1, size(a)
    call gf_kind(a(i))
  end do
end subroutine

! A copy through the vtab's `_copy` of whichever object made the vtab.
subroutine gf_clone(s)
  use polyt
  implicit none
  class(shape), intent(in) :: s
  class(shape), allocatable :: c
  interface
    subroutine gf_kind(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
  end interface
  allocate(c, source=s)
  c%id = c%id + 1000
  call gf_kind(c)
end subroutine

subroutine gf_say(tag, n, x)
  implicit none
  character(*), intent(in) :: tag
  integer, intent(in) :: n
  real, intent(in) :: x
  print *, tag, n, x
end subroutine

subroutine gf_tally(tag)
  implicit none
  character(*), intent(in) :: tag
  integer :: ncalls, idsum
  real(8) :: rsum
  common /counts/ ncalls, idsum, rsum
  print *, tag, ncalls, idsum, rsum
end subroutine
