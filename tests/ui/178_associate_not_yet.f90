! associate with selectors not supported yet: strided sections, array expressions,
! complex expressions (each a located not-yet).
program p
  implicit none
  integer :: a(10)
  complex :: z
  a = 1
  z = (1.0, 2.0)
  associate (odd => a(1:9:2), twice => 2 * a, zz => z * 2)
    print *, odd, twice, zz
  end associate
end program
