module particles
  implicit none
  integer, parameter :: nhist = 4
  real(8), parameter :: zero = 0.0d0
  type :: vec2
    real(8) :: x = zero, y = zero
  end type vec2
  type :: particle
    character(len=5) :: label = 'anon'
    type(vec2) :: pos
    integer :: nmoves = 0
    real :: hist(nhist) = -1.0
    integer :: weights(3) = [3, 2, 1]
    logical :: active = .true.
  end type particle
  type(particle) :: origin
  type(vec2), parameter :: east = vec2(1.0d0, zero)
  type(particle), parameter :: probe = particle('probe', vec2(0.5d0, -0.5d0), 2, [1.0, 2.0, 3.0, 4.0], active=.false.)
  type(particle) :: tracker = particle(label='trk', pos=east)
contains
  subroutine move(p, d)
    type(particle), intent(inout) :: p
    type(vec2), intent(in) :: d
    p%pos%x = p%pos%x + d%x
    p%pos%y = p%pos%y + d%y
    p%nmoves = p%nmoves + 1
    if (p%nmoves <= nhist) p%hist(p%nmoves) = real(p%pos%x + p%pos%y) * p%weights(mod(p%nmoves, 3) + 1)
  end subroutine move

  real(8) function dist2(a, b)
    type(vec2), intent(in) :: a, b
    dist2 = (a%x - b%x)**2 + (a%y - b%y)**2
  end function dist2

  type(vec2) function midpoint(a, b)
    type(vec2), intent(in) :: a, b
    midpoint = vec2((a%x + b%x) / 2, (a%y + b%y) / 2)
  end function midpoint

  function snapshot(p) result(s)
    type(particle), intent(in) :: p
    type(particle) :: s
    s = p
    s%label = 'snap'
  end function snapshot
end module particles
