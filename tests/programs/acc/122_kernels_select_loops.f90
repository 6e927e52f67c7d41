! A `select case` at the top of a `kernels` construct with several loops in its cases:
! the host evaluates the selector (a dummy argument) and launches the loops of the case
! as kernels one after the other, so each loop reads what the one before it wrote.
module ksel
  implicit none
contains
  subroutine step(n, mode, a, b)
    integer, intent(in) :: n, mode
    integer :: a(n), b(n)
    integer :: j
    !$acc kernels present(a, b)
    select case (mode)
    case (1)
      !$acc loop independent
      do j = 1, n
        b(j) = a(n + 1 - j) * 2
      end do
      !$acc loop independent
      do j = 1, n
        a(j) = b(1 + mod(j * 11, n)) + j
      end do
    case (2:3)
      !$acc loop independent
      do j = 1, n
        b(j) = a(j) - a(n + 1 - j) + mode
      end do
      !$acc loop independent
      do j = 1, n
        a(j) = b(n + 1 - j) + 2 * b(j)
      end do
    case default
      !$acc loop independent
      do j = 1, n
        a(j) = -a(j)
      end do
    end select
    !$acc end kernels
  end subroutine
end module

program kernels_select_loops
  use ksel
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(n), j, m

  a = [(mod(j * 37, 101), j = 1, n)]
  b = 0
  !$acc data copy(a, b)
  do m = 1, 4
    call step(n, m, a, b)
    !$acc update host(a, b)
    print '(i2, 2i12, 4i8)', m, sum(a), sum(b), a(1), a(n / 3), b(2), b(n)
  end do
  !$acc end data
end program
