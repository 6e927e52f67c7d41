! flags: -fopenmp
! Expected diagnostics: taskloop in its combined forms, detach and depobj are not implemented
! yet; the end directive of a construct reported so gets no second error.
program tl
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel master taskloop reduction(+:s)
  do i = 1, 10
    s = s + i
  end do
  !$omp end parallel master taskloop
  !$omp taskloop simd
  do i = 1, 10
    s = s + i
  end do
  !$omp task detach(ev)
  !$omp end task
  !$omp depobj(d) depend(in: s)
  print *, s
end program
