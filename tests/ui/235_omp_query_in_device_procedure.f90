! flags: -fopenmp
! A procedure called in a target region is a device procedure (implicit `declare target`);
! OpenMP's queries in a device procedure's body are not implemented yet (its host version
! is the same code, called from host code and from sim kernels). `workdistribute` apart
! from `teams workdistribute` is not implemented either.
program query_in_device_procedure
  implicit none
  integer :: k
  !$omp target map(from: k)
  k = where_am_i()
  !$omp end target
  !$omp target teams
  !$omp workdistribute
  k = 2
  !$omp end workdistribute
  !$omp end target teams
  print *, k
contains
  integer function where_am_i()
    use omp_lib
    where_am_i = merge(1, 0, omp_is_initial_device())
  end function where_am_i
end program query_in_device_procedure
