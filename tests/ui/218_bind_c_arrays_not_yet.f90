module m
  use iso_c_binding
  implicit none
  real(c_double), bind(c) :: ok_table(4)
  real(c_float), allocatable, bind(c) :: heap(:)
  character(kind=c_char), bind(c) :: letters(8)
end module
program p
  use m
  ok_table = 1
end program
