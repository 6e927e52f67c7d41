module particles
  implicit none
  type :: particle
    real :: x = 0.0, v = 0.0
  contains
    procedure :: step
    procedure :: energy
  end type
contains
  subroutine step(self, dt)
    !$acc routine seq
    class(particle), intent(inout) :: self
    real, intent(in) :: dt
    self%x = self%x + dt * self%v
  end subroutine
  real function energy(self)
    !$acc routine seq
    class(particle), intent(in) :: self
    energy = 0.5 * self%v * self%v
  end function
end module

program p
  use particles
  implicit none
  integer, parameter :: n = 64
  type(particle) :: ps(n)
  real :: e(n), tot
  integer :: i
  do i = 1, n
    ps(i)%x = real(i)
    ps(i)%v = real(mod(i, 4))
  end do
  !$acc parallel loop copy(ps) copyout(e)
  do i = 1, n
    call ps(i)%step(0.5)
    e(i) = ps(i)%energy()
  end do
  tot = 0
  do i = 1, n
    tot = tot + ps(i)%x + e(i)
  end do
  print *, tot, ps(3)%x, e(3)
end program
