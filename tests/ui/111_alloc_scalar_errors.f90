! `allocate` of an allocatable array needs its bounds (a scalar does not); complex
! allocatable scalars are not implemented yet.
program alloc_scalar_errors
  implicit none
  integer, allocatable :: v(:), n
  complex, allocatable :: z
  allocate(v, n)
end program
