! Tests: the if clause on parallel loop, serial, kernels, data, enter data, exit data and
! update: a false condition runs the construct on the host and maps nothing.
program if_clause
  implicit none
  integer, parameter :: n = 500
  integer :: a(n), b(n), c(n), i, s
  logical :: on, off
  on = .true.
  off = .false.
  do i = 1, n
    a(i) = i
    b(i) = 0
    c(i) = 0
  end do
  !$acc parallel loop if(on) copyin(a) copyout(b)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc parallel loop if(off) copyin(a) copyout(c)
  do i = 1, n
    c(i) = 3 * a(i)
  end do
  print *, b(1), b(n), c(1), c(n)
  s = 0
  !$acc serial if(n > 1000) copy(s)
  s = sum(a)
  !$acc end serial
  print *, 's =', s
  !$acc data copy(b) if(off)
  !$acc kernels loop if(off)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  !$acc end data
  print *, b(1), b(n)
  !$acc enter data copyin(a) if(on)
  !$acc parallel loop present(a) copyout(c)
  do i = 1, n
    c(i) = a(i) - 1
  end do
  !$acc update self(a) if(off)
  !$acc exit data delete(a) if(on)
  print *, c(1), c(n)
end program if_clause
