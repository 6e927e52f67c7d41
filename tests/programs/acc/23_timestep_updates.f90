! Tests: time-stepping with enter data / exit data, update device of a host-modified section and update self
!        of a section every step, kernels and parallel loops using present, exit data copyout + delete
program p23_timestep_updates
  implicit none
  integer, parameter :: n = 257, nsteps = 6
  integer :: i, step
  real(8) :: f(n), g(n)
  integer :: hits(n)
  real(8) :: probe(nsteps), total

  do i = 1, n
    f(i) = dble(mod(i, 10))
    g(i) = 0.0d0
    hits(i) = 0
  end do

  !$acc enter data copyin(f, hits) create(g)
  do step = 1, nsteps
    ! host injects a source term into a small section and pushes it
    f(2:5) = dble(step) * 8.0d0
    !$acc update device(f(2:5))

    !$acc parallel loop present(f, g)
    do i = 2, n - 1
      g(i) = 0.5d0 * f(i) + 0.25d0 * (f(i - 1) + f(i + 1))
    end do

    !$acc kernels present(f, g, hits)
    do i = 2, n - 1
      f(i) = g(i)
      if (g(i) > 4.0d0) then
        hits(i) = hits(i) + 1
      end if
    end do
    !$acc end kernels

    !$acc update self(f(5:8))
    probe(step) = f(6)
  end do
  !$acc exit data copyout(f, hits) delete(g)

  total = 0.0d0
  do i = 1, n
    total = total + f(i)
  end do
  print '(A, 6F12.6)', 'probe = ', probe(1), probe(2), probe(3), probe(4), probe(5), probe(6)
  print '(A, F20.12)', 'sum(f) = ', total
  print *, 'hits(1:8) =', hits(1), hits(2), hits(3), hits(4), hits(5), hits(6), hits(7), hits(8)
  print '(A, I6)', 'sum(hits) = ', sum(hits)
end program p23_timestep_updates
