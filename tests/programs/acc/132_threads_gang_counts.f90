! Gang counts on the host device's threads: num_gangs(1) and num_gangs(2) below the thread
! count, a region whose gang-redundant code runs before and after its gang loop, a serial
! region, a kernel with only vector loops, a compute construct whose if clause is false
! (run on the calling thread as one gang) and a gang loop run again for each step of a
! host loop; every result is independent of the number of gangs.
program threads_gang_counts
  implicit none
  integer, parameter :: n = 5000
  integer :: i, k, s1, s2, total, a(n), b(n)
  logical :: on
  s1 = 0; s2 = 0; total = 0
  !$acc parallel loop num_gangs(1) reduction(+:s1)
  do i = 1, n
    s1 = s1 + i
  end do
  !$acc parallel loop num_gangs(2) reduction(+:s2) copyout(a)
  do i = 1, n
    a(i) = 2 * i
    s2 = s2 + a(i)
  end do
  print *, s1, s2, a(1), a(n)
  !$acc parallel copyin(a) copyout(b)
  !$acc loop gang
  do i = 1, n
    b(i) = a(i) + 1
  end do
  !$acc loop gang
  do i = 1, n
    b(i) = b(i) * 3
  end do
  !$acc end parallel
  print *, sum(b), b(1), b(n)
  !$acc serial copy(total)
  do i = 1, 100
    total = total + i
  end do
  !$acc end serial
  print *, total
  !$acc parallel loop vector copyout(b)
  do i = 1, n
    b(i) = mod(i, 17)
  end do
  print *, sum(b)
  on = .false.
  s1 = 0
  !$acc parallel loop reduction(+:s1) if(on)
  do i = 1, n
    s1 = s1 + mod(i, 5)
  end do
  print *, s1
  do k = 1, 5
    !$acc parallel loop copy(a)
    do i = 1, n
      a(i) = a(i) + k
    end do
  end do
  print *, sum(a), a(n)
end program threads_gang_counts
