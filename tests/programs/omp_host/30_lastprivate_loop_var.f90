! flags: -fopenmp
! `lastprivate` of the loop variable: after the loop it has the value the loop leaves in
! sequential order (one step past the last iteration), on `parallel do` with each schedule,
! on an orphaned-style `do` inside `parallel`, with a negative step, and for both variables
! of a `collapse(2)` nest.
program lastprivate_loop_var
  implicit none
  integer :: i, j, k, a(40), m(6, 5)
  i = -1
  !$omp parallel do lastprivate(i)
  do i = 1, 40
    a(i) = i
  end do
  print *, 'static:', i, sum(a)
  !$omp parallel do lastprivate(i) schedule(static, 3)
  do i = 1, 40
    a(i) = 2 * i
  end do
  print *, 'static,3:', i, sum(a)
  !$omp parallel do lastprivate(i) schedule(dynamic, 4)
  do i = 3, 40, 3
    a(i) = 0
  end do
  print *, 'dynamic,4 step 3:', i, sum(a)
  !$omp parallel do lastprivate(i) schedule(guided)
  do i = 40, 1, -2
    a(i) = 1
  end do
  print *, 'guided step -2:', i, sum(a)
  k = 0
  !$omp parallel
  !$omp do lastprivate(k)
  do k = 1, 17
    a(k) = -k
  end do
  !$omp end parallel
  print *, 'do in parallel:', k, sum(a)
  !$omp parallel do collapse(2) lastprivate(i, j)
  do j = 1, 5
    do i = 1, 6
      m(i, j) = i * j
    end do
  end do
  print *, 'collapse:', i, j, sum(m)
end program lastprivate_loop_var
