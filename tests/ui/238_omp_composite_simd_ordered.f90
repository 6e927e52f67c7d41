! flags: -fopenmp
! `ordered` in a composite `do simd` loop of a target region: the lanes of each thread's
! warp could take turns, but not the threads of the team.
program p
  implicit none
  integer :: i, a(100)
  a = 0
  !$omp target teams distribute parallel do simd ordered map(tofrom: a)
  do i = 2, 100
    !$omp ordered simd
    a(i) = a(i - 1) + 2
    !$omp end ordered
  end do
  print *, a(100)
end program p
