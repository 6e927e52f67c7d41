! flags: -fopenmp
! A procedure called in a target region is a device procedure (implicit `declare target`);
! OpenMP's queries in its body are answered where it runs, but `omp_get_wtime` is not
! implemented in device code yet. `workdistribute` apart from `teams workdistribute` is not
! implemented either.
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
    where_am_i = merge(1, 0, omp_is_initial_device()) + int(omp_get_wtime())
  end function where_am_i
end program query_in_device_procedure
