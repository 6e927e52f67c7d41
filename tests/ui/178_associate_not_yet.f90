! associate with selectors not supported yet: strided sections, array expressions of
! narrow integer kinds, complex expressions (each a located not-yet).
program p
  implicit none
  integer :: a(10)
  integer(2) :: h(4)
  complex :: z
  a = 1
  h = 3_2
  z = (1.0, 2.0)
  associate (odd => a(1:9:2), twice => 2_2 * h, zz => z * 2)
    print *, odd, twice, zz
  end associate
end program
