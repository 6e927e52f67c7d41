! Expected diagnostic: an OpenACC runtime routine gpuf does not provide yet
program p
  use openacc
  implicit none
  integer :: k
  k = acc_get_property(0, acc_device_host, acc_property_memory)
end program p
