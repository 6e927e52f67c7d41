! Bit and real model intrinsics in the elements of named constant arrays and initialised
! module arrays (written to the module file).
module mpa
  implicit none
  integer, parameter :: masks(4) = [maskr(1), maskr(2), shiftl(1, 5), poppar(7)]
  real, parameter :: sp(2) = [spacing(1.0), rrspacing(2.0)]
  integer :: tab(3) = [shiftr(-1, 30), 1, maskl(2)]
end module
program ppa
  use mpa
  implicit none
  integer, parameter :: loc(2) = [exponent(2.0), bit_size(0)]
  print *, masks, sp, tab, loc
end program
