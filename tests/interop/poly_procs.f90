! Compiled by gpuf or gfortran: passes class containers on, reads their objects.
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
