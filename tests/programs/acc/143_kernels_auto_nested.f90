! Loops a dependence test proves independent, inside a sequential loop of the kernel: they
! stay sequential (the gangs of one kernel do not wait for each other between the two inner
! loops); a `kernels loop` without `independent` proved independent is partitioned.
program kernels_auto_nested
  implicit none
  integer, parameter :: n = 256
  integer :: a(n + 1), b(n + 1), t, i
  a = 0
  b = 1
  !$acc kernels copy(a, b)
  !$acc loop seq
  do t = 1, 5
    !$acc loop
    do i = 1, n
      a(i) = b(i) + b(i + 1) + t
    end do
    !$acc loop
    do i = 1, n
      b(i) = mod(a(n + 1 - i), 1000)
    end do
  end do
  !$acc end kernels
  !$acc kernels loop copy(a)
  do i = 1, n
    a(i) = a(i) + i
  end do
  print *, sum(a), sum(b), a(1), b(n)
end program
