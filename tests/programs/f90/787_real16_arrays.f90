! real(16) and complex(16) arrays and procedures: whole-array expressions, sections,
! reductions with dim, matmul, maxloc, elemental intrinsics, assumed-shape and explicit-shape
! dummies, complex(16) actual arguments that are expressions, allocatable arrays.
module quad_arrays
  implicit none
contains
  subroutine scale(v, f)
    real(16), intent(inout) :: v(:)
    real(16), intent(in) :: f
    v = v * f
  end subroutine
  real(16) function norm(v, n)
    integer, intent(in) :: n
    real(16), intent(in) :: v(n)
    norm = sqrt(sum(v * v))
  end function
  subroutine show(z)
    complex(16), intent(in) :: z
    print *, 'show', z
  end subroutine
  elemental real(16) function half(x)
    real(16), intent(in) :: x
    half = x / 2
  end function
end module

program quad_arrays_main
  use quad_arrays
  implicit none
  real(16) :: a(3, 2), b(2, 2), v(4)
  real(16), allocatable :: w(:)
  complex(16) :: z(2)
  integer :: i, j
  do j = 1, 2
    do i = 1, 3
      a(i, j) = i + 10 * j
    end do
  end do
  b = reshape([1.0_16, 0.5_16, -1.0_16, 0.25_16], [2, 2])
  print *, sum(a, dim=1), maxval(a, dim=2)
  print *, matmul(a, b)
  v = [3.0_16, 4.0_16, 12.0_16, 0.0_16]
  print *, norm(v, 4), maxloc(v), minloc(v(1:3))
  call scale(v(2:4), 0.5_16)
  print *, v, half(v)
  w = [(i / 3.0_16, i = 1, 5)]
  print *, size(w), w(5), sum(w(2::2))
  w = abs(-w) + sqrt(w)
  print *, w(1), w(5)
  z = [(1.0_16, 2.0_16), (0.5_16, -0.5_16)]
  call show(z(1) * z(2) + 1)
  print *, sum(z), product(z)
end program
