! The executable directives init, set and shutdown (OpenACC 2.5; gfortran 12 rejects them): device selection by type and number
! (with if clauses), compute constructs before and after a shutdown, and data mapped
! again after a device switch; results are checked on the host.
program acc_runtime_dirs
  use openacc
  implicit none
  integer :: a(64), i, n
  logical :: again
  !$acc init
  a = 0
  !$acc parallel loop copy(a)
  do i = 1, 64
    a(i) = i
  end do
  print *, 'first', sum(a)
  !$acc shutdown
  again = .true.
  !$acc init if(again)
  !$acc parallel loop copy(a)
  do i = 1, 64
    a(i) = a(i) * 2
  end do
  print *, 'after init', sum(a)
  !$acc set device_type(host)
  print *, 'host selected', acc_get_device_type() == acc_device_host
  n = 0
  !$acc set device_type(host) device_num(n)
  !$acc parallel loop copy(a)
  do i = 1, 64
    a(i) = a(i) - i
  end do
  print *, 'on host', sum(a)
  !$acc shutdown device_type(host) if(.false.)
  !$acc shutdown device_type(host)
  print *, 'done', maxval(a)
end program acc_runtime_dirs
