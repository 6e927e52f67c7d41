! flags: -fcheck=bounds
! A section whose last element lies past the upper bound (a stride that overshoots):
! gfortran's section message and exit code 2 after the valid sections before it.
program rterr_bounds_section
  implicit none
  integer :: v(12), m(4, 5), i, n
  do i = 1, 12
    v(i) = i
  end do
  m = 1
  print *, sum(v(1:12:4)), sum(v(12:1:-5)), sum(m(2:4, 1:5:2))
  n = 5
  do i = 1, 3
    print *, 'step', i, sum(v(2:n * i:i))
  end do
  print *, 'not reached'
end program rterr_bounds_section
