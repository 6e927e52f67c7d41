! Explicit time stepping of the 1-D heat equation with the stable step dt = h**2/4
! (so the update u + (u(i-1) - 2u + u(i+1))/4 is exact in binary for dyadic data),
! Dirichlet and insulated (Neumann) boundaries, total heat conservation with insulated
! ends, and the maximum principle checked every step.
program heat_explicit
  implicit none
  integer, parameter :: n = 32
  real(8) :: u(0:n+1), un(0:n+1), total0
  integer :: step, i
  logical :: maxprinciple
  ! Dirichlet: hot spot in the middle, cold ends
  u = 0
  u(n/2 - 1 : n/2 + 2) = 64
  maxprinciple = .true.
  do step = 1, 200
    do i = 1, n
      un(i) = u(i) + 0.25d0 * (u(i-1) - 2 * u(i) + u(i+1))
    end do
    u(1:n) = un(1:n)
    if (maxval(u) > 64 .or. minval(u) < 0) maxprinciple = .false.
    if (mod(step, 50) == 0) print '(A,I4,A,F12.6,A,F10.6)', 'step', step, ' heat', sum(u(1:n)), &
      ' peak', maxval(u)
  end do
  print '(A,L2)', 'maximum principle:', maxprinciple
  print '(A,L2)', 'symmetric:', all(u(1:n) == u(n:1:-1))
  ! insulated ends: ghost cells mirror the boundary cells, heat is conserved exactly
  u = 0
  u(1:4) = 16
  u(n) = 8
  total0 = sum(u(1:n))
  do step = 1, 400
    u(0) = u(1)
    u(n+1) = u(n)
    do i = 1, n
      un(i) = u(i) + 0.25d0 * (u(i-1) - 2 * u(i) + u(i+1))
    end do
    u(1:n) = un(1:n)
  end do
  print '(A,F12.6,A,F12.6)', 'insulated heat', sum(u(1:n)), ' initial', total0
  print '(A,L2)', 'conserved to rounding:', abs(sum(u(1:n)) - total0) < 1.0d-9
  print '(A,L2)', 'tending to the mean:', maxval(u(1:n)) - minval(u(1:n)) < 2.0d0
  print '(A,F10.4)', 'mean:', total0 / n
end program heat_explicit
