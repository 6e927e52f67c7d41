! Compiled by gpuf or gfortran: passes class containers on, reads their objects, counts
! them in a common block and points pointer dummies into the caller's targets.
subroutine describe(s)
  use polyt
  implicit none
  class(shape), intent(in) :: s
  interface
    subroutine gf_kind(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
  end interface
  call gf_say('describe', s%id, 0.0)
  call gf_kind(s)
end subroutine

subroutine bump(s, k)
  use polyt
  implicit none
  class(shape), intent(inout) :: s
  integer, intent(in) :: k
  s%id = s%id + k
end subroutine

subroutine square_info(q)
  use polyt
  implicit none
  class(square), intent(in) :: q
  interface
    subroutine describe(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
  end interface
  call gf_say('square side', q%id, q%side)
  call describe(q)
end subroutine

! Polymorphic allocatables across the boundary: the object is allocated here with the
! dynamic type's vtab (the other compiler's main reads, moves and frees it).
subroutine make_shape(s, k)
  use polyt
  implicit none
  class(shape), allocatable, intent(out) :: s
  integer, intent(in) :: k
  select case (k)
  case (1)
    allocate(s, source=circle(10 + k, 1.5))
  case (2)
    allocate(cube :: s)
    s%id = 10 + k
  case default
    allocate(s)
    s%id = 10 + k
  end select
end subroutine

! Unlimited polymorphic dummies: intrinsic dynamic types by gfortran's `_hash`, a
! character's length in the container.
subroutine any_info(x)
  use polyt
  implicit none
  class(*), intent(in) :: x
  select type (x)
  type is (integer)
    call gf_say('any integer', x, 0.0)
  type is (real)
    call gf_say('any real', 0, x)
  type is (character(*))
    call gf_say('any string of length', len(x), 0.0)
    call gf_say(x, 0, 0.0)
  class is (shape)
    call gf_say('any shape', x%id, 0.0)
  class default
    call gf_say('anything else', 0, 0.0)
  end select
end subroutine

subroutine tally(s)
  use polyt
  implicit none
  class(shape), intent(in) :: s
  integer :: ncalls, idsum
  real(8) :: rsum
  common /counts/ ncalls, idsum, rsum
  ncalls = ncalls + 1
  idsum = idsum + s%id
  select type (s)
  type is (circle)
    rsum = rsum + s%r
  class is (square)
    rsum = rsum + s%side
  end select
  call gf_tally('tally')
end subroutine

subroutine point_into(a, p, c, cp, first)
  use polyt
  implicit none
  integer, target, intent(in) :: a(:)
  integer, pointer, intent(out) :: p(:)
  type(circle), target, intent(inout) :: c
  type(circle), pointer, intent(out) :: cp
  integer, pointer, intent(in) :: first
  p => a(2::2)
  cp => c
  cp%r = cp%r * 2
  call gf_say('first', first, real(size(p)))
end subroutine

! Polymorphic arrays across the boundary: gfortran's class container of an array
! descriptor and `_vptr`, strides in elements of the dynamic type.
subroutine sum_ids(a, n)
  use polyt
  implicit none
  class(shape), intent(inout) :: a(:)
  integer, intent(in) :: n
  integer :: i, t
  interface
    subroutine gf_kinds(a)
      use polyt
      class(shape), intent(in) :: a(:)
    end subroutine
    subroutine describe(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
  end interface
  t = 0
  do i = 1, size(a)
    t = t + a(i)%id
    a(i)%id = a(i)%id + n
  end do
  call gf_say('sum of ids', t, real(size(a)))
  call describe(a(size(a)))
  call gf_kinds(a)
end subroutine

! A polymorphic allocatable array allocated here for the other compiler's caller.
subroutine make_shapes(a, k, n)
  use polyt
  implicit none
  class(shape), allocatable, intent(out) :: a(:)
  integer, intent(in) :: k, n
  integer :: i
  if (k == 1) then
    allocate(circle :: a(n))
  else
    allocate(a(n), source=cube(7, 3.0, 8))
  end if
  do i = 1, n
    a(i)%id = a(i)%id + 10 * i
  end do
end subroutine

! A polymorphic allocatable function result: gfortran's container returned by value.
function pick(k) result(s)
  use polyt
  implicit none
  integer, intent(in) :: k
  class(shape), allocatable :: s
  if (k == 1) then
    allocate(s, source=circle(40 + k, 4.0))
  else
    allocate(cube :: s)
    s%id = 40 + k
  end if
end function
