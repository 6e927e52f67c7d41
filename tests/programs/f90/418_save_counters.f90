! The save attribute and implied save: call counters in external procedures, a running
! minimum kept between calls, a first-call initialisation flag, a saved local array used
! as a memo table for Fibonacci numbers, and a bare save statement for a whole procedure.
program save_counters
  implicit none
  integer :: i, n
  integer(8) :: f
  integer, external :: counter
  real(8), external :: running_min
  integer(8), external :: fib_memo
  do i = 1, 5
    n = counter()
  end do
  print '(A,I3)', 'counter after 5 calls:', n
  print '(A,F6.2)', 'min:', running_min(3.5d0)
  print '(A,F6.2)', 'min:', running_min(7.0d0)
  print '(A,F6.2)', 'min:', running_min(-1.25d0)
  print '(A,F6.2)', 'min:', running_min(0.0d0)
  do i = 10, 60, 10
    f = fib_memo(i)
    print '(A,I3,A,I14)', 'fib(', i, ') =', f
  end do
  call tally(2)
  call tally(5)
  call tally(-1)
  call tally(0)
end program save_counters

integer function counter()
  implicit none
  integer, save :: calls = 0
  calls = calls + 1
  counter = calls
end function counter

real(8) function running_min(x)
  implicit none
  real(8), intent(in) :: x
  real(8), save :: m
  logical :: first = .true.
  if (first) then
    m = x
    first = .false.
  else
    m = min(m, x)
  end if
  running_min = m
end function running_min

integer(8) function fib_memo(n)
  implicit none
  integer, intent(in) :: n
  integer(8), save :: memo(0:90)
  integer, save :: known = 1
  integer :: k
  if (known == 1) then
    memo(0) = 0
    memo(1) = 1
  end if
  do k = known + 1, n
    memo(k) = memo(k-1) + memo(k-2)
  end do
  known = max(known, n)
  fib_memo = memo(n)
end function fib_memo

subroutine tally(x)
  implicit none
  integer, intent(in) :: x
  integer :: total = 0, ncall = 0, hist(3) = 0
  save
  ncall = ncall + 1
  total = total + x
  if (x < 0) then
    hist(1) = hist(1) + 1
  else if (x == 0) then
    hist(2) = hist(2) + 1
  else
    hist(3) = hist(3) + 1
  end if
  print '(A,I2,A,I4,A,3I2)', 'tally call', ncall, ' total', total, ' neg/zero/pos', hist
end subroutine tally
