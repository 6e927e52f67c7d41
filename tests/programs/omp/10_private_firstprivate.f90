! flags: -fopenmp
! private and firstprivate on target constructs and loops.
program private_firstprivate
  implicit none
  integer, parameter :: n = 300
  integer :: a(n), i, t, k, off
  off = 7
  t = -5
  k = 3
  !$omp target teams distribute parallel do private(t) firstprivate(off) map(from: a)
  do i = 1, n
    t = i * k
    a(i) = t + off
  end do
  !$omp target firstprivate(k) map(tofrom: a)
  k = k + 1
  a(1) = a(1) + k
  !$omp end target
  print *, a(1), a(n), t, k, off
end program private_firstprivate
