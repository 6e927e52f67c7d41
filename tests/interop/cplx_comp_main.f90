program cplx_comp_main
  use cplx_comp
  implicit none
  type(phasor) :: a, b
  print *, a%id, a%z, a%w
  print *, a%q
  call rotate(a)
  print *, a%id, a%z, a%w
  print *, a%q
  b = make(3)
  b%w(1)%im = 8d0
  call rotate(b)
  print *, b%id, b%z, b%w, b%q%re
end program
