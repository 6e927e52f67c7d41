! flags: -fopenmp
! A host `parallel do` fills an array on every thread; the sums are computed serially.
program parallel_do
  implicit none
  integer, parameter :: n = 10000
  integer :: i
  integer(8) :: s
  real(8) :: a(n), b(n)
  !$omp parallel do
  do i = 1, n
    a(i) = i
    b(i) = 2 * i - 1
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = n, 1, -1
    a(i) = a(i) + b(i)
  end do
  s = 0
  do i = 1, n
    s = s + int(a(i), 8)
  end do
  print *, s, a(1), a(n)
  !$omp parallel do
  do i = 1, 0
    a(i) = -1
  end do
  print *, a(1)
end program parallel_do
