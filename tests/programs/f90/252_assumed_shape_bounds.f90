! Assumed-shape dummies with declared lower bounds `a(0:)`, `b(-1:, 2:)` in internal
! procedures and external procedures with an interface block; optional assumed-shape
! dummies with present(); allocatable and automatic actual arguments.
subroutine ext_fill(a, v)
  implicit none
  real(8), intent(out) :: a(0:)
  real(8), intent(in) :: v
  integer :: i
  do i = 0, ubound(a, 1)
    a(i) = v + i
  end do
end subroutine ext_fill

program assumed_shape_bounds
  implicit none
  interface
    subroutine ext_fill(a, v)
      real(8), intent(out) :: a(0:)
      real(8), intent(in) :: v
    end subroutine ext_fill
  end interface
  real(8), allocatable :: d(:)
  real(8) :: e(-3:3)
  integer :: g(3, 4), i, j
  allocate(d(-2:4))
  call ext_fill(d, 10d0)
  print '(7f6.1)', d
  call ext_fill(e(-3:3:3), 0.5d0)
  print '(7f6.1)', e
  call bounds(e)
  call bounds(d(0:2))
  do j = 1, 4
    do i = 1, 3
      g(i, j) = i * 100 + j
    end do
  end do
  call corner(g)
  call corner(g(2:3, 1:4:2))
  call maybe(3)
  call maybe(5, [1, 2, 3, 4])
  call auto(4)
contains
  subroutine bounds(a)
    real(8), intent(in) :: a(0:)
    print '(2i3, 2f6.1)', lbound(a), ubound(a), a(0), a(ubound(a, 1))
  end subroutine bounds

  subroutine corner(b)
    integer, intent(in) :: b(-1:, 2:)
    print '(4i4, 2i6)', lbound(b), ubound(b), b(-1, 2), b(ubound(b, 1), ubound(b, 2))
  end subroutine corner

  subroutine maybe(n, w)
    integer, intent(in) :: n
    integer, intent(in), optional :: w(:)
    if (present(w)) then
      print *, n, 'with', size(w), sum(w) * n
    else
      print *, n, 'without'
    end if
  end subroutine maybe

  subroutine auto(n)
    integer, intent(in) :: n
    real :: t(n, n + 1)
    integer :: p, q
    do q = 1, n + 1
      do p = 1, n
        t(p, q) = real(p) - real(q) * 0.25
      end do
    end do
    call show2(t)
    call show2(t(2:n, 2:))
  end subroutine auto

  subroutine show2(s)
    real, intent(in) :: s(:,:)
    print '(2i3, 2f8.2)', shape(s), sum(s), maxval(s)
  end subroutine show2
end program assumed_shape_bounds
