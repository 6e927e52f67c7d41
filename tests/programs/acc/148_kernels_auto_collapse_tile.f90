! `loop collapse(n)` and `loop tile(...)` without `independent` in `kernels`: the
! dependence test proves each loop of the nest independent (then the nest is partitioned)
! or finds a dependence in one of them (then it runs sequentially); the results equal the
! sequential program's either way.
program kernels_auto_collapse_tile
  implicit none
  integer, parameter :: n = 24, m = 18
  integer :: a(n, m), b(n, m), r(m), i, j
  !$acc kernels copyout(a, b)
  !$acc loop collapse(2)
  do j = 1, m
    do i = 1, n
      a(i, j) = i + 1000 * j
    end do
  end do
  !$acc loop tile(4, 3)
  do j = 1, m
    do i = 1, n
      b(i, j) = 2 * a(i, j) - i
    end do
  end do
  !$acc end kernels
  print *, sum(a), sum(b), a(n, m), b(1, 1)

  ! a dependence along i in the inner loop: sequential
  !$acc kernels copy(a)
  !$acc loop tile(2, 2)
  do j = 1, m
    do i = 2, n
      a(i, j) = a(i - 1, j) + 2
    end do
  end do
  !$acc end kernels
  print *, sum(a), a(n, m)

  ! a sum over i into r(j): the inner loop is not independent
  !$acc kernels copyin(b) copyout(r)
  !$acc loop collapse(2)
  do j = 1, m
    do i = 1, n
      if (i == 1) r(j) = 0
      r(j) = r(j) + b(i, j)
    end do
  end do
  !$acc end kernels
  print *, sum(r), r(1), r(m)
end program kernels_auto_collapse_tile
