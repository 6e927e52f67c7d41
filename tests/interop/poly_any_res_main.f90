! Compiled by gpuf or gfortran, with the module of `poly_any_res.f90` compiled by the
! other: `class(*)` function results passed on, assigned and used as `source=`.
program star_results
  use anyres
  implicit none
  class(*), allocatable :: v
  integer :: k
  do k = 1, 5
    call show(pick(k))
  end do
  v = pick(4)
  call show(v)
  v = pick(3)
  call show(v)
  deallocate(v)
  allocate(v, source=pick(2))
  call show(v)
end program
