! -Minfo=accel: `tile` (its tile loops and element loops), `cache` directives (hints
! gpuf does not use) at the top of a loop's body, array reductions on a loop and on a
! construct.
program tile_cache
  implicit none
  integer, parameter :: n = 64
  real :: a(n, n), b(n, n), c(n)
  integer :: hist(8), i, j
  a = 1.0
  !$acc parallel loop tile(8, &
  !$acc& 4) copyin(a) copyout(b)
  do j = 1, n
    do i = 1, n
      b(i, j) = a(i, j) * 2.0
    end do
  end do
  !$acc parallel loop gang copyin(a) copyout(c)
  do j = 2, n - 1
    !$acc cache(a(j-1:j+1, 1))
    c(j) = a(j - 1, 1) + a(j, 1) + a(j + 1, 1)
  end do
  hist = 0
  !$acc parallel loop reduction(+:hist)
  do i = 1, n
    hist(mod(i, 8) + 1) = hist(mod(i, 8) + 1) + 1
  end do
  hist = 0
  !$acc parallel num_gangs(2) reduction(+:hist(1:2))
  !$acc loop gang
  do i = 1, n
    hist(1) = hist(1) + 1
  end do
  !$acc end parallel
  print *, b(1, 1), c(2), hist
end program tile_cache
