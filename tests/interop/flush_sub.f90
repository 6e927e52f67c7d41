! Compiled by gpuf: prints through gpuf's run time, whose output must reach standard
! output when the program's main is gfortran's (gpuf's `main` never runs).
subroutine say_hello(n)
  implicit none
  integer, intent(in) :: n
  print '(a, i0)', 'hello from gpuf ', n
end subroutine
