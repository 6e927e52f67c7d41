! flags: -fopenmp
! OpenMP data clauses that are not implemented yet: `always` together with `present`,
! `always` on a `target` with `nowait` (its copies are made around the region), and
! derived-type and character scalars in `use_device_addr` and `has_device_addr`.
program omp_data_not_yet
  implicit none
  type t
    integer :: v
  end type
  integer :: a(4)
  type(t) :: s
  character(len=4) :: c
  a = 1
  !$omp target data map(tofrom: a, s) use_device_addr(s)
  a(1) = 2
  !$omp end target data
  !$omp target has_device_addr(c)
  c = 'abcd'
  !$omp end target
  !$omp target map(always, present, to: a)
  a(3) = 4
  !$omp end target
  !$omp target map(always, to: a) nowait
  a(4) = 5
  !$omp end target
end program
