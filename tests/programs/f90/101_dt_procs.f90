module geometry
  implicit none
  type :: vec3
    real(8) :: c(3)
  end type vec3
  type :: body
    character(len=8) :: name
    type(vec3) :: pos, vel
    real(8) :: mass = 1.0d0
    integer :: hits = 0
  end type body
  type(body) :: registry(3)
  integer :: nreg = 0
contains
  subroutine add_body(b)
    type(body), intent(in) :: b
    nreg = nreg + 1
    registry(nreg) = b
  end subroutine add_body

  subroutine step(b, dt)
    type(body), intent(inout) :: b
    real(8), intent(in) :: dt
    integer :: k
    do k = 1, 3
      b%pos%c(k) = b%pos%c(k) + dt * b%vel%c(k)
    end do
    b%hits = b%hits + 1
  end subroutine step

  real(8) function kinetic(b)
    type(body), intent(in) :: b
    kinetic = 0.5d0 * b%mass * sum(b%vel%c**2)
  end function kinetic

  subroutine scale_all(bs, n, f)
    integer, intent(in) :: n
    type(body), intent(inout) :: bs(n)
    real(8), intent(in) :: f
    integer :: i
    do i = 1, n
      bs(i)%vel%c = bs(i)%vel%c * f
    end do
  end subroutine scale_all
end module geometry

program dt_procs
  use geometry
  implicit none
  type(body) :: a, b
  integer :: i
  a%name = 'earth'
  a%pos%c = [1.0d0, 0.0d0, 0.0d0]
  a%vel%c = [0.0d0, 2.0d0, 0.5d0]
  a%mass = 4.0d0
  b = a
  b%name = 'moon'
  b%mass = 0.25d0
  b%vel%c(3) = -1.0d0
  call step(a, 0.5d0)
  call step(a, 0.25d0)
  call step(b, 1.0d0)
  print '(a, 3f8.3, i3)', trim(a%name), a%pos%c, a%hits
  print '(a, 3f8.3, i3)', trim(b%name), b%pos%c, b%hits
  print '(2f10.4)', kinetic(a), kinetic(b)
  call add_body(a)
  call add_body(b)
  call add_body(body('sun', vec3([0d0, 0d0, 0d0]), vec3([0d0, 0d0, 0d0]), 100d0, 5))
  call scale_all(registry, nreg, 2.0d0)
  do i = 1, nreg
    print '(a8, f8.2, i3, f10.4)', registry(i)%name, registry(i)%mass, registry(i)%hits, kinetic(registry(i))
  end do
  print *, registry(2)%vel
  call step(registry(3), 1.0d0)
  print *, registry(3)%hits, registry(3)%pos%c
end program dt_procs
