! Old-style code without `implicit none`: `implicit double precision (a-h, o-z)` and
! `implicit real*8`, `implicit integer (i-n)` and `implicit logical (l)` rules in a program,
! an external subroutine and function, and an internal procedure that inherits its host's
! rules; implicitly typed dummy arguments and function results.
program implicit_rules
  implicit double precision (a-h, o-z), logical (l)
  integer twice
  x = 1.0d0 / 3.0d0
  n = 7
  lok = n > 5
  y = sumsq(4)
  print '(F20.16)', x
  print *, n, lok, y
  call scale3(x, z)
  print '(2F20.16)', x, z
  print '(F10.4)', half(9.0d0)
  print *, twice(21)
contains
  function half(v)
    half = v / 2
  end function half
end program implicit_rules

function sumsq(m)
  implicit real*8 (a-h, o-z)
  s = 0
  do i = 1, m
    s = s + i * i / 2.0d0
  end do
  sumsq = s
end function sumsq

subroutine scale3(a, b)
  implicit double precision (a-h, o-z)
  b = a * 3
end subroutine scale3

integer function twice(k)
  implicit integer (a-z)
  twice = k * 2
end function twice
