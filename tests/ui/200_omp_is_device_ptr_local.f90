! flags: -fopenmp
! `is_device_ptr` of arrays names dummy arrays only (as OpenACC's `deviceptr`): a local
! array and an allocatable are located "not yet implemented" errors (a scalar is accepted).
subroutine idp(a, n)
  implicit none
  integer, intent(in) :: n
  integer :: a(n), loc(4), k
  integer, allocatable :: h(:)
  allocate(h(n))
  !$omp target is_device_ptr(a, loc, h)
  a(1) = loc(1) + h(1)
  !$omp end target
  !$omp target is_device_ptr(k)
  k = 1
  !$omp end target
end subroutine idp
