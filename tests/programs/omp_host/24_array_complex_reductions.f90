! flags: -fopenmp
! Host reductions over whole arrays (every element, several operators and types) and of
! complex scalars (+ and -), on parallel do and on a plain parallel construct.
program array_complex_reductions
  implicit none
  integer :: i, j, hist(10), cnt(0:3, 2)
  real(8) :: w(5)
  complex(8) :: z
  complex :: zs
  logical :: seen(4)
  hist = 0; w = 1; cnt = 0; z = (1d0, 2d0); zs = (0.0, 0.0); seen = .false.
  !$omp parallel do reduction(+:hist, z, zs) reduction(*:w) reduction(max:cnt) reduction(.or.:seen)
  do i = 1, 1000
    hist(mod(i, 10) + 1) = hist(mod(i, 10) + 1) + 1
    z = z + cmplx(dble(i), -0.5d0, 8)
    zs = zs - (1.0, 0.25)
    if (mod(i, 100) == 0) w(mod(i / 100, 5) + 1) = w(mod(i / 100, 5) + 1) * 2
    do j = 1, 2
      cnt(mod(i, 4), j) = max(cnt(mod(i, 4), j), i * j)
    end do
    if (i == 500) seen(3) = .true.
  end do
  print *, hist
  print *, z, zs
  print *, w
  print *, cnt
  print *, seen
  hist = 0
  !$omp parallel reduction(+:hist)
  hist(1) = hist(1) + 1
  hist(10) = hist(10) + 2
  !$omp end parallel
  print *, hist(1) * 2 == hist(10), sum(hist(2:9))
end program array_complex_reductions
