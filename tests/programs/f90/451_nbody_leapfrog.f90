! A particle simulation with the leapfrog (kick-drift-kick) integrator: particles on a line
! connected by springs (forces exact in binary for dyadic positions), a time step that is
! a power of two, kinetic and potential energy, momentum conservation (exact), and the
! centre of mass moving uniformly.
program nbody_leapfrog
  implicit none
  integer, parameter :: np = 6
  real(8) :: x(np), v(np), f(np), m(np), dt, k, ekin, epot, e0, p0, cm0, cm
  integer :: i, step
  k = 2.0d0
  m = [1.0d0, 2.0d0, 1.0d0, 4.0d0, 1.0d0, 2.0d0]
  x = [(real(i, 8) + merge(0.25d0, -0.125d0, mod(i, 2) == 0), i = 1, np)]
  v = 0
  v(1) = 0.5d0
  v(np) = -0.25d0
  dt = 1.0d0 / 64
  call forces()
  call energy()
  e0 = ekin + epot
  p0 = sum(m * v)
  cm0 = sum(m * x) / sum(m)
  print '(A,F12.6,A,F10.6)', 'initial energy:', e0, ' momentum:', p0
  do step = 1, 640
    v = v + 0.5d0 * dt * f / m
    x = x + dt * v
    call forces()
    v = v + 0.5d0 * dt * f / m
    if (mod(step, 160) == 0) then
      call energy()
      cm = sum(m * x) / sum(m)
      print '(A,I4,A,L2,A,L2,A,L2)', 'step', step, ' energy ok:', abs(ekin + epot - e0) < 1.0d-3, &
        ' momentum ok:', abs(sum(m * v) - p0) < 1.0d-12, ' cm ok:', &
        abs(cm - cm0 - p0 / sum(m) * step * dt) < 1.0d-9
    end if
  end do
  print '(A,L2)', 'ordering kept:', all(x(2:np) > x(1:np-1))
  print '(A,F10.4)', 'spread:', x(np) - x(1)
  print '(A,F10.4)', 'sum of forces:', sum(f)
contains
  subroutine forces()
    integer :: j
    real(8) :: s
    f = 0
    do j = 1, np - 1
      s = k * (x(j+1) - x(j) - 1.0d0)
      f(j) = f(j) + s
      f(j+1) = f(j+1) - s
    end do
  end subroutine forces
  subroutine energy()
    integer :: j
    ekin = 0.5d0 * sum(m * v * v)
    epot = 0
    do j = 1, np - 1
      epot = epot + 0.5d0 * k * (x(j+1) - x(j) - 1.0d0)**2
    end do
  end subroutine energy
end program nbody_leapfrog
