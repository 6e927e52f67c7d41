! flags: -fopenmp
! The `iterator` modifier of `map` and of `target update`'s motion clauses is not
! implemented yet: a located diagnostic naming it, and the rest of the directive is read.
program iterator_modifier
  implicit none
  integer :: a(8), i
  a = 1
  !$omp target map(iterator(it = 1:8), tofrom: a(it)) map(tofrom: a)
  a(1) = 2
  !$omp end target
  !$omp target update to(iterator(it = 1:8): a(it))
  print *, a
end program
