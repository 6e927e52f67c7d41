! Particle-in-cell steps on a periodic 1-D grid: cloud-in-cell charge deposition of
! particles at dyadic positions (weights exact), total charge conservation, the electric
! field from a prefix sum of the charge minus its mean, interpolation back to particles
! with the same weights, and momentum bookkeeping; positions wrapped with modulo.
program pic_deposit
  implicit none
  integer, parameter :: ng = 16, np = 24
  real(8) :: xp(np), vp(np), rho(0:ng-1), efield(0:ng-1), ep(np), q, dx, w, mean
  integer :: i, j, step
  dx = 1.0d0
  q = 0.5d0
  do i = 1, np
    xp(i) = modulo(i * 2.375d0, real(ng, 8))
    vp(i) = (mod(i, 5) - 2) * 0.125d0
  end do
  do step = 1, 4
    rho = 0
    do i = 1, np
      j = floor(xp(i) / dx)
      w = xp(i) / dx - j
      rho(modulo(j, ng)) = rho(modulo(j, ng)) + q * (1 - w)
      rho(modulo(j + 1, ng)) = rho(modulo(j + 1, ng)) + q * w
    end do
    mean = sum(rho) / ng
    efield(0) = 0
    do j = 1, ng - 1
      efield(j) = efield(j-1) + (rho(j-1) - mean) * dx
    end do
    efield = efield - sum(efield) / ng
    do i = 1, np
      j = floor(xp(i) / dx)
      w = xp(i) / dx - j
      ep(i) = (1 - w) * efield(modulo(j, ng)) + w * efield(modulo(j + 1, ng))
    end do
    print '(A,I2,A,F10.4,A,F10.5,A,F10.5)', 'step', step, ' charge', sum(rho), &
      ' max rho', maxval(rho), ' momentum', sum(vp)
    vp = vp + 0.0625d0 * q * ep
    xp = modulo(xp + vp * 0.5d0, real(ng, 8))
  end do
  print '(A,L2)', 'charge conserved:', abs(sum(rho) - q * np) < 1.0d-12
  print '(A,L2)', 'all particles in the box:', all(xp >= 0 .and. xp < ng)
  print '(A,8F8.4)', 'rho(0:7):', rho(0:7)
end program pic_deposit
