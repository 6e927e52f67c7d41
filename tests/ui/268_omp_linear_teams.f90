! flags: -fopenmp
! linear on a loop partitioned over teams is not implemented yet (each team would read the
! item before the loop while another may have stored its final value); on the simd loop of
! one team, also collapsed, it is.
program linear_teams
  implicit none
  integer :: i, j, k, a(8, 8)
  k = 0
  !$omp target teams distribute parallel do simd linear(k: 1) map(tofrom: a, k)
  do i = 1, 8
    a(i, 1) = k
    k = k + 1
  end do
  !$omp target simd collapse(2) linear(k: 1) map(tofrom: a, k)
  do j = 1, 8
    do i = 1, 8
      a(i, j) = k
      k = k + 1
    end do
  end do
end program linear_teams
