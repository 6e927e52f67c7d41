! Computed `go to` (with and without the comma, an index out of range) and the
! arithmetic `if` with integer and real expressions, in loops.
program computed_goto
  implicit none
  integer :: i, k, total
  real :: x
  total = 0
  do i = 0, 5
    go to (10, 20, 30, 20) i
    print *, i, 'out of range'
    cycle
10  print *, i, 'ten'
    total = total + 10
    cycle
20  print *, i, 'twenty'
    total = total + 20
    cycle
30  print *, i, 'thirty'
    total = total + 30
  end do
  print *, 'total', total
  k = 2
  goto (100, 200), k
100 print *, 'not here'
200 print *, 'at 200'
  do i = -2, 2
    if (i) 300, 400, 500
300 print *, i, 'negative'
    cycle
400 print *, i, 'zero'
    cycle
500 print *, i, 'positive'
  end do
  x = -0.5
  k = 0
600 k = k + 1
  x = x + 0.25
  if (x - 0.25) 600, 700, 700
700 print *, 'steps', k, x
end program
