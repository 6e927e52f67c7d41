! flags: -fopenmp
! Host parallel do (one thread in gpuf) next to target regions, chained kernels and
! if(.false.) on target (runs on the host).
program host_and_target
  implicit none
  integer, parameter :: n = 400
  integer :: a(n), i, s, h
  logical :: off
  off = .false.
  h = 0
  !$omp parallel do reduction(+:h)
  do i = 1, n
    h = h + i
  end do
  !$omp end parallel do
  !$omp target teams distribute parallel do map(from: a)
  do i = 1, n
    a(i) = i
  end do
  !$omp target teams distribute parallel do map(tofrom: a) if(target: .not. off)
  do i = 1, n
    a(i) = a(i) * 2
  end do
  !$omp target teams distribute parallel do map(tofrom: a) if(off)
  do i = 1, n
    a(i) = a(i) + 1
  end do
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) map(to: a)
  do i = 1, n
    s = s + a(i)
  end do
  print *, h, a(1), a(n), s
end program host_and_target
