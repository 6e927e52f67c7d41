! Compiled by gfortran -fopenmp: a threadprivate module variable used by a gpuf main program
! through gfortran's module file (one TLS symbol for both compilers).
module omp_tp_mod
  implicit none
  integer :: hits = 0
  !$omp threadprivate(hits)
contains
  subroutine tp_add(k)
    integer, intent(in) :: k
    hits = hits + k
  end subroutine tp_add
  integer function tp_get()
    tp_get = hits
  end function tp_get
end module omp_tp_mod
