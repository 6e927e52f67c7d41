! Tests: random_seed(size=, put=, get=) with a 33-element seed array, random_number on
! scalars, arrays and sections (values checked, never printed), cpu_time and system_clock.
program random_stuff
  implicit none
  integer :: seed(33), k, i, c1, rate
  real :: r, a(100)
  real(8) :: d(50)
  real :: t0, t1
  logical :: ok
  seed = 7
  call random_seed(size=k)
  print *, 'seed size ok:', k >= 1 .and. k <= 33
  call random_seed(put=seed)
  call random_number(r)
  call random_number(a)
  call random_number(d(11:20))
  ok = r >= 0.0 .and. r < 1.0
  do i = 1, 100
    ok = ok .and. a(i) >= 0.0 .and. a(i) < 1.0
  end do
  do i = 11, 20
    ok = ok .and. d(i) >= 0.0d0 .and. d(i) < 1.0d0
  end do
  print *, 'in range:', ok
  call cpu_time(t0)
  call cpu_time(t1)
  print *, 'cpu time monotone:', t1 >= t0
  call system_clock(c1, rate)
  print *, 'clock:', c1 >= 0, rate > 0
end program random_stuff
