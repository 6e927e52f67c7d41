! Recursive `routine vector`, `routine worker` and `routine gang` procedures: each call
! of itself runs again on every thread of the routine's levels.
module x5m
contains
  recursive subroutine walk(a, n)
    !$acc routine vector
    integer, value :: n
    integer :: a(8), i
    !$acc loop vector
    do i = 1, 8
      a(i) = a(i) + n * i
    end do
    if (n > 1) call walk(a, n - 1)
  end subroutine
  recursive subroutine wk(a, n)
    !$acc routine worker
    integer, value :: n
    integer :: a(8, 4), i, j
    !$acc loop worker
    do j = 1, 4
      !$acc loop vector
      do i = 1, 8
        a(i, j) = a(i, j) + n
      end do
    end do
    if (n > 1) call wk(a, n - 1)
  end subroutine
  recursive subroutine gg(a, n, d)
    !$acc routine gang
    integer, value :: n, d
    integer :: a(8, n), i, j
    !$acc loop gang
    do j = 1, n
      !$acc loop vector
      do i = 1, 8
        a(i, j) = a(i, j) + d
      end do
    end do
    if (d > 1) call gg(a, n, d - 1)
  end subroutine
end module
program p
  use x5m
  integer :: a(8, 4), b(8, 4), c(8, 6), j
  a = 0
  b = 1
  c = 0
  !$acc parallel loop gang copy(a)
  do j = 1, 4
    call walk(a(:, j), j)
  end do
  !$acc parallel copy(b)
  call wk(b, 3)
  !$acc end parallel
  !$acc parallel copy(c)
  call gg(c, 6, 4)
  !$acc end parallel
  print *, a(1, :), a(8, :)
  print *, sum(b), b(1, 1)
  print *, sum(c), c(8, 6)
end program
