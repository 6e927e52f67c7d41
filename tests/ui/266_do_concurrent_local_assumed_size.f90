! A `local` assumed-size array in `do concurrent`: its size is unknown, so gpuf cannot give
! each iteration its own copy (not yet implemented, located at the name).
subroutine fill(a, n)
  implicit none
  integer :: n, i
  real :: a(*)
  do concurrent (i = 1:n) local(a)
    a(1) = i
  end do
end subroutine
