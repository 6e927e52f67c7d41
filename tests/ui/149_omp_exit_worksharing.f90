! flags: -fopenmp
program exit_worksharing
  implicit none
  integer :: i, j, s
  s = 0
  !$omp parallel do
  do i = 1, 10
    if (i > 5) exit
    s = s + i
  end do
  !$omp parallel
  !$omp do
  outer: do i = 1, 10
    do j = 1, 10
      if (j > i) exit
      if (i * j > 50) exit outer
    end do
  end do outer
  !$omp end parallel
  print *, s
end program exit_worksharing
