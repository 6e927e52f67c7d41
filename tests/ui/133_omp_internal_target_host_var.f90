! flags: -fopenmp
! Expected diagnostic: an internal procedure compiled for the device cannot reach its
! host's variables (their addresses are host addresses) yet.
program omp_internal_target_host_var
  implicit none
  integer :: x, scale
  scale = 3
  x = 1
  !$omp target map(tofrom: x)
  call bump(x)
  !$omp end target
  print *, x
contains
  subroutine bump(k)
    integer, intent(inout) :: k
    !$omp declare target
    k = k * scale
  end subroutine bump
end program omp_internal_target_host_var
