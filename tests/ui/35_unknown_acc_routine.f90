! Expected diagnostic: an OpenACC runtime routine gpuf does not provide yet
program p
  use openacc
  implicit none
  integer :: k
  k = acc_hostptr(k)
end program p
