! Subarrays in private and firstprivate (OpenACC 2.x; gfortran 12 rejects them): the whole
! array is private to each gang or thread, firstprivate copies start as the host's.
program private_sections
  implicit none
  integer :: c(10), d(10), out(40), i, j
  d = 7
  !$acc parallel num_gangs(4) private(c(1:10)) copyout(out)
  !$acc loop gang
  do i = 1, 4
    !$acc loop vector
    do j = 1, 10
      out((i-1)*10+j) = j
    end do
  end do
  !$acc end parallel
  print *, sum(out)
  !$acc parallel loop gang private(c(1:10)) firstprivate(d(1:10)) copyout(out)
  do i = 1, 40
    c = i
    c(2) = d(3) + i
    out(i) = sum(c)
  end do
  print *, out
  !$acc serial firstprivate(d(1:10)) copyout(out)
  d(1) = d(2) * 3
  out(1) = d(1) + sum(d)
  !$acc end serial
  print *, out(1), d(1)
end program private_sections
