program dt_basic
  implicit none
  integer, parameter :: n = 3
  type :: point
    real :: x = 0.0
    real :: y = 0.0
  end type point
  type particle
    type(point) :: pos
    real(8) :: mass
    integer :: id = -1
    real :: v(n)
    logical :: alive = .true.
    character(len=6) :: tag = 'none'
  end type
  type(point) :: p, q
  type(particle) :: a, b
  type(particle) :: swarm(4)
  integer :: i, m(2, 2)
  p%x = 1.5
  p%y = -2.25
  q = p
  q%x = q%x + 1.0
  print *, p%x, p%y, q%x, q%y
  print *, p
  a%pos = p
  a%mass = 2.5d0
  a%id = 7
  a%v = [1.0, 2.0, 3.0]
  a%tag = 'alpha'
  print *, a%pos%x, a%mass, a%id, a%v, a%alive, a%tag
  print *, b%id, b%alive, b%pos%x, '[', b%tag, ']'
  b = a
  b%v(2) = 20.0
  print *, sum(b%v), a%v(2), b%v(2), maxval(b%v)
  do i = 1, 4
    swarm(i)%id = i * 10
    swarm(i)%pos%x = real(i)
    swarm(i)%v = real(i) * [1.0, 2.0, 3.0]
    swarm(i)%mass = 0.5d0 * i
  end do
  swarm(2) = swarm(4)
  do i = 1, 4
    print *, swarm(i)%id, swarm(i)%pos%x, swarm(i)%v(3), swarm(i)%mass
  end do
  print *, swarm(3)
  p = point(3.0, 4.0)
  print *, p
  q = point(y=1.0)
  print *, q
  m = 0
end program dt_basic
