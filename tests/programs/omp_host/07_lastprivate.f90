! flags: -fopenmp
! lastprivate: the value from the sequentially last iteration, with every schedule.
program lastpriv
  implicit none
  integer :: i, x, y
  real(8) :: z
  x = -1
  !$omp parallel do lastprivate(x)
  do i = 1, 100
    x = i * 3
  end do
  print *, x
  !$omp parallel do lastprivate(x, z) schedule(dynamic, 3)
  do i = 1, 50
    x = i + 1000
    z = i / 2d0
  end do
  print *, x, z
  y = 0
  !$omp parallel
  !$omp do lastprivate(y) schedule(static, 4)
  do i = 10, 1, -1
    y = i
  end do
  !$omp end do
  !$omp end parallel
  print *, y
end program lastpriv
