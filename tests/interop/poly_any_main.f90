! Compiled by gpuf or gfortran: passes intrinsic values to `class(*)` dummies of a module
! compiled by gfortran; the module prints.
program poly_any_main
  use polyany
  implicit none
  call keep(42)
  call keep(2.5d0)
  call keep('hello')
  call keep(7)
  call show('module variable', last)
end program
