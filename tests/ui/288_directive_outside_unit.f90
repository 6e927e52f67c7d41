! An `!$acc routine` written above the function it is meant for, and an `!$acc declare`
! above the main program, and two lines of `!$acc declare` above a subroutine: all are outside
! of any program unit (E0012), and none starts a main program of its own.
!$acc routine seq
function twice(x)
  real :: x, twice
  twice = 2 * x
end function twice

!$acc declare create(a)
program p
  real :: a(4), twice
  a = 1
  print *, twice(a(1))
end program p

!$acc declare create(b)
!$acc declare create(c)
subroutine s(b, c)
  real :: b(4), c(4)
  b = c
end subroutine s
