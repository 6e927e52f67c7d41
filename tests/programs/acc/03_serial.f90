! Tests: serial/end serial, scalars modified on the device with copy(s), negative and non-unit steps, do
!        while + exit, cycle inside serial
program p03_serial
  implicit none
  integer, parameter :: n = 100
  integer :: i, s, pos, odd
  integer :: a(n)
  real(8) :: r
  logical :: found

  s = 5
  r = 1.0d0
  found = .false.
  pos = -1
  odd = 0
  do i = 1, n
    a(i) = 0
  end do

  !$acc serial copy(s, r, found, pos, odd) copyout(a)
  do i = n, 1, -1
    a(i) = n - i
  end do
  do i = 1, n, 3
    s = s + a(i)
  end do
  do i = 1, 10
    r = r * 2.0d0
  end do
  r = r + 0.125d0
  i = 1
  do while (i <= n)
    if (a(i) == 42) then
      found = .true.
      exit
    end if
    i = i + 1
  end do
  pos = i
  do i = 1, n
    if (mod(a(i), 2) == 0) then
      cycle
    end if
    odd = odd + 1
  end do
  !$acc end serial

  print *, 'a(1), a(n) =', a(1), a(n)
  print *, 's =', s
  print *, 'r =', r
  print '(A, L2, A, I4)', 'found =', found, '  pos =', pos
  print '(A, I4)', 'odd =', odd

  ! a second serial region that only reads host-updated scalars
  s = 0
  !$acc serial copyin(a) copy(s)
  do i = n, 2, -7
    s = s + a(i) * 2
  end do
  !$acc end serial
  print '(A, I6)', 's (step -7) =', s
end program p03_serial
