program main
  use particles, only: particle, vec2, move, dist2, origin, nhist, midpoint, snapshot, east, probe, tracker
  implicit none
  type(particle) :: ps(3), q
  type(vec2) :: step
  integer :: i, k
  origin%label = 'orig'
  do i = 1, 3
    ps(i)%pos = vec2(real(i, 8), -real(i, 8))
    write (ps(i)%label, '(a, i1)') 'p', i
  end do
  step = vec2(0.5d0, 0.25d0)
  do k = 1, 5
    do i = 1, 3
      if (mod(k + i, 2) == 0) call move(ps(i), step)
    end do
  end do
  do i = 1, 3
    print '(a5, 2f8.3, i3, 4f8.3, l2)', ps(i)%label, ps(i)%pos%x, ps(i)%pos%y, ps(i)%nmoves, ps(i)%hist, ps(i)%active
    print '(f10.4)', dist2(ps(i)%pos, origin%pos)
  end do
  q = ps(2)
  q%active = .false.
  print *, q
  print *, origin%label, origin%nmoves, size(q%hist), nhist, q%weights
  q = particle()
  print *, q
  step = midpoint(ps(1)%pos, ps(3)%pos)
  q = snapshot(ps(2))
  print *, step, q%label, q%nmoves
  print *, east, probe
  call move(tracker, east)
  print *, tracker
end program main
