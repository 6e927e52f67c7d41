! More OpenACC array reductions: an allocatable array on a kernels loop, a logical array
! with .and., and a sequential loop's array reduction inside a gang loop (atomic updates
! from every gang). gfortran 12 refuses arrays in `reduction`; the expected output is
! plain gfortran's (directives ignored), which the reductions must equal.
program reduction_arrays_more
  implicit none
  integer :: i, j, k
  integer, allocatable :: h(:)
  logical :: ok(3)
  integer :: cnt(5)
  allocate(h(6))
  h = 0
  !$acc kernels loop reduction(+:h)
  do i = 1, 600
    h(mod(i, 6) + 1) = h(mod(i, 6) + 1) + i
  end do
  print *, h
  ok = .true.
  !$acc parallel loop reduction(.and.:ok)
  do i = 1, 300
    ok(mod(i, 3) + 1) = ok(mod(i, 3) + 1) .and. (i /= 151)
  end do
  print *, ok
  cnt = 0
  !$acc parallel loop gang
  do j = 1, 8
    !$acc loop seq reduction(+:cnt)
    do i = 1, 10
      k = mod(i + j, 5) + 1
      cnt(k) = cnt(k) + 1
    end do
  end do
  print *, cnt, sum(cnt)
end program reduction_arrays_more
