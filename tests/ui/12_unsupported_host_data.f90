! Expected diagnostic: 'host_data' directive is not yet implemented
program ui12
  implicit none
  real :: a(100)
  a = 1.0
  !$acc data copy(a)
  !$acc host_data use_device(a)
  print *, 'inside host_data'
  !$acc end host_data
  !$acc end data
  print *, a(1)
end program ui12
