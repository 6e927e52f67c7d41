! DATA statements: scalars of every type, whole arrays with repeat counts, array elements,
! implied-do lists (nested, with steps) over 1-D and 2-D arrays, named constants as values
! and repeat counts, several object/value pairs in one statement; in the main program and
! in procedures, where DATA implies SAVE (the values persist between calls).
program data_stmts
  implicit none
  integer, parameter :: n = 4, three = 3
  integer :: i, j, counts(6), grid(3, 3), diag(n, n)
  real :: x, y, w(5)
  real(8) :: d
  logical :: flags(4), on
  character(len=5) :: word
  character(len=3) :: names(3)
  data i /7/, x, y /1.5, -2.25/
  data counts /three*1, 2*5, 9/
  data w(1), w(5) /10.0, 50.0/, w(2:4) /3*0.5/
  data d /-1.25d0/, on /.true./, word /'hello'/
  data flags /.true., .false., 2*.true./
  data names /'abc', 'de', 'fghij'/
  data ((grid(i, j), i = 1, 3), j = 1, 3) /1, 2, 3, 4, 5, 6, 7, 8, 9/
  data (diag(j, j), j = 1, n) /n*1/
  print *, i, x, y, d, on, word
  print *, counts
  print *, w
  print *, flags, names
  print *, grid(2, :), grid(:, 3)
  print '(4I2)', diag
  do j = 1, 3
    call tick()
  end do
  print *, next_odd(), next_odd(), next_odd()
contains
  subroutine tick()
    integer :: calls
    real :: acc(2)
    data calls /0/, acc /2*0.0/
    calls = calls + 1
    acc = acc + [1.0, 0.5]
    print *, 'tick', calls, acc
  end subroutine tick
  integer function next_odd()
    integer :: k
    data k /-1/
    k = k + 2
    next_odd = k
  end function next_odd
end program data_stmts
