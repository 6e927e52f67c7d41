! FORTRAN 77 style control flow: labelled DO loops ending on CONTINUE (shared terminal
! statements too), forward GO TO for early exits and skips, labelled END DO.
program labelled_do
  implicit none
  integer :: i, j, k, s, n, first
  integer :: a(10), m(3, 4)
  real :: x

  s = 0
  do 10 i = 1, 10
    a(i) = i * i - 3 * i
    s = s + a(i)
10 continue
  print *, 'sum', s

  ! nested loops sharing one terminal statement
  do 20 j = 1, 4
    do 20 i = 1, 3
      m(i, j) = 10 * i + j
20 continue
  print '(4I4)', ((m(i, j), j = 1, 4), i = 1, 3)

  ! go to the terminal statement acts as cycle
  s = 0
  do 30 i = 1, 10
    if (mod(i, 3) == 0) go to 30
    s = s + i
30 continue
  print *, 'skip multiples of 3', s

  ! search with a jump out of the loop
  first = -1
  do 40 i = 1, 10
    if (a(i) > 20) then
      first = i
      goto 50
    end if
40 continue
  print *, 'not found'
50 continue
  print *, 'first above 20 at', first

  ! a comma after the label, a step, and an END DO with a label
  n = 0
  do 60, k = 10, 1, -3
    n = n + k
60 end do
  print *, 'n', n

  ! the terminal statement may be an assignment, executed every iteration
  x = 1.0
  do 70 i = 1, 5
70 x = x * 2.0
  print *, 'x', x

  ! forward jumps over blocks and out of nested constructs
  s = 0
  do i = 1, 5
    do j = 1, 5
      if (i * j > 12) goto 80
      s = s + i * j
    end do
  end do
80 print *, 'partial sum', s, i, j

  if (s > 0) go to 90
  print *, 'never printed'
90 continue
  k = 0
  do 100 i = 1, 3
    do 110 j = 1, 3
      if (j > i) go to 100
      k = k + 1
110 continue
100 continue
  print *, 'triangle', k
end program labelled_do
