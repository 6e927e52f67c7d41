! Tests: write(*,*) and write(6, fmt), call exit with a status, and an acc region inside a
! function called from the main program (the OpenACC V&V suite's structure).
program exit_codes
  implicit none
  logical :: test1
  integer :: failcode
  failcode = 0
  if (test1()) failcode = failcode + 1
  write(*, *) 'failcode', failcode
  write(6, '(A, I0)') 'code=', failcode + 7
  call exit(failcode + 7)
end program exit_codes

logical function test1()
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n), b(n), total
  integer :: x
  integer :: errors = 0
  do x = 1, n
    a(x) = real(x, 8) * 0.5d0
    b(x) = real(n - x, 8)
  end do
  total = 0
  !$acc data copyin(a(1:n), b(1:n)) copy(total)
  !$acc parallel loop reduction(+:total)
  do x = 1, n
    total = total + a(x) + b(x)
  end do
  !$acc end data
  do x = 1, n
    total = total - (a(x) + b(x))
  end do
  if (abs(total) > 1.0d-6) errors = errors + 1
  test1 = errors /= 0
end function test1
