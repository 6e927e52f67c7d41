! flags: -fopenmp
! collapse(2) and collapse(3) with every schedule kind.
program collapse_host
  implicit none
  integer :: i, j, k, m(20, 30), c(4, 5, 6), s
  m = 0
  !$omp parallel do collapse(2)
  do j = 1, 30
    do i = 1, 20
      m(i, j) = i + 100 * j
    end do
  end do
  print *, sum(m), m(3, 7)
  s = 0
  !$omp parallel do collapse(2) reduction(+:s) schedule(dynamic, 5)
  do j = 30, 1, -2
    do i = 1, 20, 3
      s = s + m(i, j)
    end do
  end do
  print *, s
  c = 0
  !$omp parallel do collapse(3) schedule(static, 2)
  do k = 1, 6
    do j = 1, 5
      do i = 1, 4
        c(i, j, k) = c(i, j, k) + i * j * k
      end do
    end do
  end do
  print *, sum(c), c(4, 5, 6)
  !$omp parallel do collapse(2) schedule(guided)
  do j = 1, 30
    do i = 1, 20
      if (mod(i, 2) == 0) cycle
      m(i, j) = 0
    end do
  end do
  print *, sum(m)
end program collapse_host
