! Expected diagnostic: an OpenACC runtime routine gpuf does not provide yet
program p
  use openacc
  implicit none
  integer :: k
  call acc_set_cuda_stream(k, 0)
end program p
