! Snapshot: a data region, update self of a section, and an atomic update in a kernel.
program data_atomic
  implicit none
  integer :: h(4), v(100), i
  h = 0
  do i = 1, 100
    v(i) = i
  end do
  !$acc data copyin(v) copy(h)
  !$acc parallel loop present(v, h)
  do i = 1, 100
    !$acc atomic update
    h(mod(v(i), 4) + 1) = h(mod(v(i), 4) + 1) + 1
  end do
  !$acc update self(h(1:2))
  print *, h(1), h(2)
  !$acc end data
  print *, h
end program data_atomic
