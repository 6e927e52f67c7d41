! Coarray intrinsics without coarrays: gfortran rejects them unless `-fcoarray=` enables
! coarrays, which gpuf does not implement; `out_of_range` is not an intrinsic of
! gfortran 12 (so an external function needing a type under implicit none).
program coarrays_disabled
  use iso_fortran_env, only: atomic_int_kind
  implicit none
  integer(atomic_int_kind) :: a
  integer :: v
  print *, this_image(), num_images()
  call atomic_define(a, 3)
  call atomic_ref(v, a)
  call co_sum(v)
  print *, out_of_range(1.0, 1)
end program
