! flags: -fopenmp
! Metadirectives are resolved while parsing: a misspelled clause, a selector gpuf cannot
! decide at compile time and a `begin metadirective` without its end are reported.
program metadirective_errors
  implicit none
  integer :: i, n, a(8)
  n = 8
  !$omp metadirective when(device={kind(host)}: parallel do) defualt(nothing)
  do i = 1, 8
    a(i) = i
  end do
  !$omp metadirective when(user={condition(n > 4)}: parallel do)
  do i = 1, 8
    a(i) = i
  end do
  !$omp metadirective when(target_device={kind(gpu)}: parallel do)
  do i = 1, 8
    a(i) = i
  end do
  !$omp begin metadirective when(device={kind(host)}: parallel)
  a(1) = 0
end program metadirective_errors
