! A deterministic traffic cellular automaton (Nagel-Schreckenberg without the random
! braking) on a circular road: cars as integer positions and speeds in arrays, gaps
! computed with modulo, acceleration up to a speed limit, braking to the gap, the road
! drawn as characters, flow measured at a detector, and car order preserved.
program traffic
  implicit none
  integer, parameter :: road = 40, ncars = 10, vmax = 4
  integer :: pos(ncars), vel(ncars), gap, i, t, nxt, passed, total_v
  character(len=road) :: line
  do i = 1, ncars
    pos(i) = mod(i * 7, road)
  end do
  call sort_positions()
  vel = 0
  passed = 0
  do t = 1, 30
    total_v = 0
    do i = 1, ncars
      nxt = mod(i, ncars) + 1
      gap = modulo(pos(nxt) - pos(i) - 1, road)
      vel(i) = min(vel(i) + 1, vmax, gap)
      total_v = total_v + vel(i)
    end do
    do i = 1, ncars
      if (pos(i) < road / 2 .and. pos(i) + vel(i) >= road / 2) passed = passed + 1
      pos(i) = mod(pos(i) + vel(i), road)
    end do
    if (t <= 6 .or. mod(t, 10) == 0) then
      call draw()
      print '(A,A,I3,A,F6.2)', line, ' t=', t, ' mean v=', real(total_v, 8) / ncars
    end if
  end do
  print '(A,I4)', 'cars past the detector:', passed
  print '(A,L2)', 'no two cars share a cell:', all([(count(pos == pos(i)) == 1, i = 1, ncars)])
contains
  subroutine sort_positions()
    integer :: p, q, tmp
    do p = 2, ncars
      tmp = pos(p)
      q = p - 1
      do while (q >= 1)
        if (pos(q) <= tmp) exit
        pos(q+1) = pos(q)
        q = q - 1
      end do
      pos(q+1) = tmp
    end do
  end subroutine sort_positions
  subroutine draw()
    integer :: c
    line = repeat('.', road)
    do c = 1, ncars
      line(pos(c)+1:pos(c)+1) = achar(iachar('0') + vel(c))
    end do
  end subroutine draw
end program traffic
