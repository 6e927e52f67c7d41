! call exit(n) from a test harness the way real test suites end: several test functions
! return logical results, failures are counted into a bit mask, and the program exits
! with that mask (here 10) after printing a line per test.
logical function test_sum()
  implicit none
  integer :: i, s
  s = 0
  do i = 1, 100
    s = s + i
  end do
  test_sum = s == 5050
end function test_sum

logical function test_fail_a()
  implicit none
  real(8) :: x
  x = 0.1d0 * 3
  test_fail_a = x == 0.3d0
end function test_fail_a

logical function test_swap()
  implicit none
  integer :: a, b
  a = 3; b = 9
  a = a + b; b = a - b; a = a - b
  test_swap = a == 9 .and. b == 3
end function test_swap

logical function test_fail_b()
  implicit none
  integer :: k
  k = huge(k)
  test_fail_b = k < 0
end function test_fail_b

program call_exit
  implicit none
  logical :: test_sum, test_fail_a, test_swap, test_fail_b
  integer :: failcode
  failcode = 0
  if (.not. test_sum()) failcode = failcode + 1
  print *, 'sum', test_sum()
  if (.not. test_fail_a()) failcode = failcode + 2
  print *, 'point one', test_fail_a()
  if (.not. test_swap()) failcode = failcode + 4
  print *, 'swap', test_swap()
  if (.not. test_fail_b()) failcode = failcode + 8
  print *, 'huge', test_fail_b()
  print '(A,I3)', 'exit with', failcode
  call exit(failcode)
  print *, 'not reached'
end program call_exit
