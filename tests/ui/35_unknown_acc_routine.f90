! Expected diagnostic: an OpenACC runtime routine gpuf does not provide yet
program p
  use openacc
  implicit none
  integer :: k
  call acc_wait_device(k, 0)
end program p
