! A sequential do loop inside a compute construct leaves its variable with the value after
! the loop (the last value plus the step, or the start for a loop that does not run), for
! the statements after it in the construct (they read 0 before).
program loop_variable_after_loop
  implicit none
  integer :: i, j, k, m, n
  integer(8) :: l
  n = 0
  !$acc serial copy(k, m, l) copyin(n)
  do i = 1, 10
  end do
  k = i
  do j = 10, 1, -3
  end do
  m = j * 100
  do j = 5, n
  end do
  m = m + j
  do l = 1_8, 7_8, 2_8
  end do
  !$acc end serial
  print *, k, m, l
  !$acc parallel num_gangs(1) copy(k)
  do i = 2, 9
    k = k + i
  end do
  k = k * 1000 + i
  !$acc end parallel
  print *, k
end program
