! Snapshot: gang-vector reduction into a copy scalar, and a worker-level max reduction.
program red
  implicit none
  integer :: i, s, m
  integer :: a(1000)
  do i = 1, 1000
    a(i) = mod(i * 7, 101)
  end do
  s = 0
  !$acc parallel loop gang vector reduction(+:s)
  do i = 1, 1000
    s = s + a(i)
  end do
  m = 0
  !$acc parallel loop worker reduction(max:m)
  do i = 1, 1000
    m = max(m, a(i))
  end do
  print *, s, m
end program red
