! flags: -fcheck=bounds
! An index above the upper bound with -fcheck=bounds: gfortran's message and exit code 2
! after the output so far (the loop runs one element too far).
program rterr_bounds_upper
  implicit none
  integer :: a(10), i, total
  do i = 1, 10
    a(i) = i * 3
  end do
  total = 0
  do i = 1, 11
    total = total + a(i)
    if (mod(i, 5) == 0) print *, 'partial', i, total
  end do
  print *, 'not reached', total
end program rterr_bounds_upper
