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
