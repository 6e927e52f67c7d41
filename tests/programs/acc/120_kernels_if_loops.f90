! A `kernels` construct whose loops sit inside `if` arms (CloverLeaf's advection kernels:
! `if (dir == g_xdir) then` around several loop nests). Each loop nest is a kernel of its
! own, so a loop reads every element the loops before it wrote, in any gang; the
! condition reads host scalars (a dummy, a saved local with an initializer), so the host
! evaluates it and launches the arm's kernels.
module kif
  implicit none
contains
  subroutine sweep(n, dir, pass, a, b, c)
    integer, intent(in) :: n, dir, pass
    integer :: a(n), b(n), c(0:n + 1)
    integer :: g_x = 1, g_y = 2
    integer :: j, up
    !$acc data present(a, b, c)
    !$acc kernels
    if (dir == g_x) then
      if (pass == 1) then
        !$acc loop independent
        do j = 1, n
          a(j) = j
        end do
      else
        !$acc loop independent
        do j = 1, n
          a(j) = 2 * j
        end do
      end if
      !$acc loop independent
      do j = 1, n
        b(j) = a(n + 1 - j) + a(1 + mod(j * 7, n))
      end do
      !$acc loop independent private(up)
      do j = 1, n
        if (b(j) > n) then
          up = max(j - 1, 1)
        else
          up = min(j + 1, n)
        end if
        c(j) = b(n + 1 - j) + a(up) + c(n + 1)
      end do
    else if (dir == g_y .and. n > 1) then
      !$acc loop independent
      do j = 1, n
        b(j) = c(j) - a(j)
      end do
      c(0) = b(1) + b(n)
      !$acc loop independent
      do j = 1, n
        a(j) = b(n + 1 - j) * 3 + c(0)
      end do
    else
      !$acc loop independent
      do j = 1, n
        a(j) = 0
      end do
    end if
    !$acc end kernels
    !$acc end data
  end subroutine
end module

program kernels_if_loops
  use kif
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(n), c(0:n + 1), step

  c = 1
  a = 0
  b = 0
  !$acc data copy(a, b, c)
  do step = 1, 4
    call sweep(n, 1 + mod(step + 1, 2), 1 + step / 3, a, b, c)
    !$acc update host(a, b, c)
    print '(i2, 3i12, 4i8)', step, sum(a), sum(b), sum(c), a(1), b(n), c(0), c(n)
  end do
  call sweep(n, 3, 1, a, b, c)
  !$acc end data
  print '(3i12)', sum(a), sum(b), sum(c)
end program
