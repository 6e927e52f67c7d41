! Compiled by gfortran: calls a gpuf-compiled procedure that prints.
program flush_main
  implicit none
  call say_hello(1)
  call say_hello(2)
end program
