! An integer division by zero in a compute region: gfortran's signal message, the kernel's
! name and device, and death by SIGFPE (exit status 136 in a shell) on host and sim.
program sigfpe_kernel
  implicit none
  integer :: i, a(8), d(8)
  d = [4, 3, 2, 1, 0, -1, -2, -3]
  a = 0
  !$acc parallel loop copyin(d) copyout(a)
  do i = 1, 8
    a(i) = 64 / d(i)
  end do
  print *, a
end program sigfpe_kernel
