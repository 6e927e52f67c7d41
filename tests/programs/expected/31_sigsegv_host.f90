! A segmentation fault in host code (a subscript far outside an array, without
! -fcheck=bounds): gfortran's signal line and death by SIGSEGV, outside any compute region.
program sigsegv_host
  implicit none
  integer :: a(4), k
  a = 1
  k = 400000000
  a(k) = 2
  print *, a(k)
end program sigsegv_host
