! Complex named constants, module and saved complex scalars, complex arrays in modules,
! and a small complex algorithm (roots of unity, a polynomial by Horner's rule).
module waves
  implicit none
  complex, parameter :: ci = (0.0, 1.0)
  complex(8), parameter :: one = (1.0d0, 0.0d0)
  complex(8) :: phase = (1.0d0, 0.0d0)
  complex :: coeffs(4)
contains
  subroutine advance(step)
    complex(8), intent(in) :: step
    phase = phase * step
  end subroutine
  subroutine counter(z)
    complex, intent(out) :: z
    complex, save :: acc = (0.0, 0.0)
    acc = acc + (1.0, -1.0)
    z = acc
  end subroutine
  subroutine horner(x, p)
    complex, intent(in) :: x
    complex, intent(out) :: p
    integer :: k
    p = coeffs(4)
    do k = 3, 1, -1
      p = p * x + coeffs(k)
    end do
  end subroutine
end module

program complex_module
  use waves
  implicit none
  complex :: z, p
  integer :: k

  print *, ci, one, ci * ci, ci**3
  print *, phase
  do k = 1, 4
    call advance((0.0d0, 1.0d0))
    print *, k, phase
  end do
  do k = 1, 3
    call counter(z)
  end do
  print *, z
  coeffs = [(1.0, 0.0), (0.0, 2.0), (-1.0, 0.0), (0.5, 0.5)]
  call horner(ci, p)
  print *, p
  call horner((2.0, -1.0), p)
  print *, p
  ! powers of i cycle with period 4
  z = (1.0, 0.0)
  do k = 1, 8
    z = z * ci
    if (z == (1.0, 0.0)) print *, 'i**', k, ' = 1'
  end do
end program
