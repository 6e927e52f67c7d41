! Compiled by gfortran: deallocates polymorphic objects whose vtabs come from gpuf's
! object, so gpuf's finalization wrappers run (scalar, then the parent's; elemental over
! an array's elements).
program poly_final_main
  use polyfin
  implicit none
  class(base), allocatable :: x
  class(cell), allocatable :: cs(:)
  allocate(ext :: x)
  x%id = 3
  deallocate(x)
  print *, 'after ext', nfin_base, nfin_ext, idsum
  allocate(base :: x)
  x%id = 4
  deallocate(x)
  print *, 'after base', nfin_base, nfin_ext, idsum
  allocate(big_cell :: cs(3))
  cs%v = 7
  call finish(cs)
contains
  subroutine finish(c)
    class(cell), allocatable, intent(inout) :: c(:)
    print *, 'cells', size(c), c%v
    deallocate(c)
    print *, 'cells gone', allocated(c)
  end subroutine
end program
