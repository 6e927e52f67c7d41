! Complex-valued functions (module, external and internal), with gfortran's ABI for their
! results, used in expressions, as arguments and in array assignments.
module cfuncs
  implicit none
contains
  complex function rot(z, k)
    complex, intent(in) :: z
    integer, intent(in) :: k
    integer :: i
    rot = z
    do i = 1, k
      rot = rot * (0.0, 1.0)
    end do
  end function
  complex(8) function cpoly(c, n, x)
    integer, intent(in) :: n
    complex(8), intent(in) :: c(n), x
    integer :: i
    cpoly = c(n)
    do i = n - 1, 1, -1
      cpoly = cpoly * x + c(i)
    end do
  end function
  function mid(a, b) result(m)
    complex, intent(in) :: a, b
    complex :: m
    m = (a + b) / 2
  end function
end module

complex(8) function twice(z)
  complex(8), intent(in) :: z
  twice = 2 * z
end function

program complex_functions
  use cfuncs
  implicit none
  complex(8), external :: twice
  complex :: z, v(4)
  complex(8) :: c(3), w
  integer :: i

  z = (1.0, 2.0)
  print *, rot(z, 1), rot(z, 2), rot(z, 4)
  print *, mid(z, (3.0, 0.0)), abs(mid((0.0, 0.0), (6.0, 8.0)))
  c = [(1.0d0, 0.0d0), (0.0d0, 1.0d0), (2.0d0, -1.0d0)]
  w = cpoly(c, 3, (1.0d0, 1.0d0))
  print *, w, cpoly(c, 2, w), twice(w), twice(twice((0.5d0, 0.25d0)))
  do i = 1, 4
    v(i) = rot((1.0, 0.0), i)
  end do
  print *, v
  print *, real(rot(z, 3)), aimag(mid(z, z)), conjg(rot(z, 1)) == rot(conjg(z), 3)
  print *, inner(z) + 1
contains
  complex function inner(x)
    complex, intent(in) :: x
    inner = x * x
  end function
end program
