! A `local` assumed-size array in `do concurrent`: Fortran 2018's C1130 forbids it (an
! error located at the name).
subroutine fill(a, n)
  implicit none
  integer :: n, i
  real :: a(*)
  do concurrent (i = 1:n) local(a)
    a(1) = i
  end do
end subroutine
