! flags: -fopenmp
! threadprivate module and saved variables (one copy per thread, kept between regions),
! copyin from the master, a saved main-program variable, orphaned use in a procedure.
module tp_mod
  implicit none
  integer :: counter = 0
  real(8) :: scale = 1.0d0
  !$omp threadprivate(counter, scale)
contains
  subroutine bump(k)
    integer, intent(in) :: k
    counter = counter + k
  end subroutine bump
  integer function calls()
    integer, save :: n = 0
    !$omp threadprivate(n)
    n = n + 1
    calls = n
  end function calls
end module tp_mod

program threadprivate_prog
  use tp_mod
  use omp_lib
  implicit none
  integer :: i, total, bad, mine, ncalls
  integer, save :: seed
  !$omp threadprivate(seed)
  seed = 7
  counter = 100
  scale = 0.5d0
  total = 0
  bad = 0
  ! copyin: every thread starts from the master's values.
  !$omp parallel copyin(counter, scale, seed) reduction(+:total) reduction(+:bad) private(mine)
  if (counter /= 100 .or. scale /= 0.5d0 .or. seed /= 7) bad = bad + 1
  counter = 0
  !$omp do schedule(static)
  do i = 1, 60
    call bump(i)
  end do
  ! Each thread's counter holds the sum of its own iterations.
  total = total + counter
  seed = omp_get_thread_num()
  !$omp end parallel
  ! The master's copies kept their values; the region's partial sums add up.
  print *, total, bad, counter <= 1830, seed
  ! Values persist between regions (same team): every thread sees its own seed again.
  bad = 0
  !$omp parallel reduction(+:bad)
  if (seed /= omp_get_thread_num()) bad = bad + 1
  !$omp end parallel
  print *, bad
  ! A saved threadprivate local of a function: counted per thread.
  ncalls = 0
  !$omp parallel reduction(+:ncalls)
  mine = calls()
  mine = calls()
  ncalls = ncalls + mine
  !$omp end parallel
  print *, ncalls == 2 * omp_get_max_threads(), calls()
end program threadprivate_prog
