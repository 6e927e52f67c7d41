! flags: -fopenmp
! Expected diagnostic: `uses_allocators` with an allocator defined by traits is not
! supported yet (the predefined allocators are).
program omp_uses_allocators_traits
  use omp_lib
  implicit none
  integer(omp_allocator_handle_kind) :: my_alloc
  integer :: x
  x = 1
  !$omp target uses_allocators(my_alloc(my_traits)) allocate(my_alloc: x) firstprivate(x)
  x = x + 1
  !$omp end target
  print *, x
end program omp_uses_allocators_traits
