! `update self` of an array that is not on the device: nothing happens on the host device
! (shared memory); on the sim device the error names the item, the directive and its line.
program update_simerr
  implicit none
  real(8) :: a(8), b(4)
  a = 1
  b = 2
  !$acc data copy(a)
  !$acc update self(a(2:5))
  print '(f5.1)', a(2)
  !$acc end data
  print '(a)', 'before'
  !$acc update self(b)
  print '(a)', 'after'
end program update_simerr
