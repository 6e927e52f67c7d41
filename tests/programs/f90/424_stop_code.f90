! A validation driver that stops with a non-zero stop code when a check fails: runs a
! series of numerical checks (sums of series, integer identities), counts failures,
! prints a summary and ends with `stop 3` (the exit status 3 is compared with gfortran).
program stop_code
  implicit none
  integer :: nfail, i
  integer(8) :: s, t
  real(8) :: x
  nfail = 0
  ! sum of the first n cubes equals the square of the sum
  do i = 1, 50, 7
    s = sum_pow(i, 3)
    t = sum_pow(i, 1)
    call check(s == t * t, 'cubes', i)
  end do
  ! a geometric series with ratio 1/2 is exact in binary
  x = 0
  do i = 0, 20
    x = x + 0.5d0 ** i
  end do
  call check(x == 2.0d0 - 0.5d0 ** 20, 'geometric', 20)
  ! deliberately wrong claims
  call check(sum_pow(10, 2) == 386_8, 'squares', 10)
  call check(mod(2**10, 7) == 3, 'power mod', 10)
  call check(mod(2**11, 7) == 3, 'power mod', 11)
  print '(A,I3)', 'failures:', nfail
  if (nfail > 0) stop 3
  print *, 'not reached'
contains
  integer(8) function sum_pow(n, p)
    integer, intent(in) :: n, p
    integer :: k
    sum_pow = 0
    do k = 1, n
      sum_pow = sum_pow + int(k, 8) ** p
    end do
  end function sum_pow
  subroutine check(ok, what, n)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    integer, intent(in) :: n
    if (ok) then
      print '(A,A,A,I3)', 'pass ', what, ' n=', n
    else
      print '(A,A,A,I3)', 'FAIL ', what, ' n=', n
      nfail = nfail + 1
    end if
  end subroutine check
end program stop_code
