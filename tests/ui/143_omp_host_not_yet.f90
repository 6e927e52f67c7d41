! flags: -fopenmp
program host_not_yet
  implicit none
  integer :: i, s, a(10)
  s = 0
  !$omp parallel default(private)
  s = 1
  !$omp end parallel
  !$omp parallel do ordered
  do i = 1, 10
    a(i) = i
  end do
  print *, s, a
end program host_not_yet
