! The default async queue: acc_get_default_async, acc_set_default_async and the set
! directive's default_async clause; async constructs on the default queue then a wait.
program default_async
  use openacc
  implicit none
  integer :: a(32), i, q
  q = acc_get_default_async()
  print *, 'initial', q
  call acc_set_default_async(3)
  print *, 'after routine', acc_get_default_async()
  !$acc set default_async(5)
  print *, 'after directive', acc_get_default_async()
  !$acc parallel loop copyout(a) async
  do i = 1, 32
    a(i) = i * i
  end do
  !$acc wait
  print *, 'sum', sum(a)
end program default_async
