! Compiled by gfortran: deallocates polymorphic arrays whose vtabs come from gpuf's
! object, so gpuf's finalization wrappers run the final procedure of the array's rank
! (or the elemental one), then the parent's.
program poly_final_arr_main
  use polyfinarr
  implicit none
  class(cell), allocatable :: v(:), m(:, :)
  allocate(tagged :: v(3))
  v%id = [1, 2, 3]
  select type (v)
  type is (tagged)
    v%tag = [10, 20, 30]
  end select
  deallocate(v)
  call report('tagged vec')
  allocate(cell :: v(2))
  v%id = [4, 5]
  deallocate(v)
  call report('cell vec')
  allocate(tagged :: m(2, 2))
  m%id = reshape([1, 2, 3, 4], [2, 2])
  deallocate(m)
  call report('tagged mat')
  allocate(cell :: m(2, 1))
  m%id = 9
  deallocate(m)
  call report('cell mat')
contains
  subroutine report(what)
    character(*), intent(in) :: what
    print '(a, 3i9)', what, nlog, lsum, lhash
    nlog = 0
    lsum = 0
    lhash = 0
  end subroutine
end program
