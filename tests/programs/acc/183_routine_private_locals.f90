! Private arrays and complex scalars on the vector loop of a `routine vector`, and
! complex locals of `routine seq` and `routine worker` procedures (per-thread stack blocks).
module routine_locals_m
  implicit none
contains
  subroutine row_fill(a, n, i)
    !$acc routine vector
    integer, value :: n, i
    integer, intent(inout) :: a(n, 8)
    integer :: j, k, t(4)
    complex :: z
    !$acc loop vector private(t, z)
    do j = 1, 8
      do k = 1, 4
        t(k) = i * j + k
      end do
      z = cmplx(real(j), 1.0)
      a(i, j) = sum(t) + int(real(z * z))
    end do
  end subroutine

  integer function rotate(k)
    !$acc routine seq
    integer, value :: k
    complex :: w, p
    integer :: m
    w = (0.0, 1.0)
    p = (1.0, 0.0)
    do m = 1, k
      p = p * w
    end do
    rotate = nint(real(p)) + 10 * nint(aimag(p))
  end function

  subroutine add_rows(a, n)
    !$acc routine worker
    integer, value :: n
    integer, intent(inout) :: a(n, 8)
    integer :: i, j
    complex :: c
    c = (2.0, -1.0)
    !$acc loop worker
    do i = 1, n
      !$acc loop vector
      do j = 1, 8
        a(i, j) = a(i, j) + int(real(c * conjg(c)))
      end do
    end do
  end subroutine
end module

program routine_private_locals
  use routine_locals_m
  implicit none
  integer :: a(16, 8), r(12), i
  !$acc parallel loop gang copyout(a)
  do i = 1, 16
    call row_fill(a, 16, i)
  end do
  print *, sum(a), a(3, 5), a(16, 8)
  !$acc parallel copy(a)
  call add_rows(a, 16)
  !$acc end parallel
  print *, sum(a), a(1, 1), a(16, 8)
  !$acc parallel loop copyout(r)
  do i = 1, 12
    r(i) = rotate(i)
  end do
  print '(12i4)', r
end program
