! `equivalence` of local variables: overlapping arrays, the bits of a real seen as an
! integer, character views, chains of sets, multi-dimensional elements.
program equivalence_locals
  implicit none
  integer :: a(4), b, c(2)
  real :: r
  integer :: ir
  character(8) :: s
  character(4) :: h(2)
  character(2) :: pairs(4)
  integer :: m(2, 3), flat(6)
  integer :: p, q(3), t
  equivalence (r, ir)
  equivalence (a(3), b), (a(2), c(1))
  equivalence (s, h), (h(2), pairs(3))
  equivalence (m(1, 2), flat(3))
  equivalence (p, q(2)), (q(3), t)
  a = [1, 2, 3, 4]
  print *, b, c
  b = 30
  print *, a
  c(2) = -7
  print *, a
  r = 1.0
  print *, ir
  ir = ir + 1
  print *, r > 1.0
  s = 'abcdefgh'
  print *, h(2), h(1), pairs
  pairs(1) = 'XY'
  print *, s
  flat = [10, 20, 30, 40, 50, 60]
  print *, m(:, 2), m(2, 3)
  q = [1, 2, 3]
  print *, p, t
  call sub(3)
  call sub(4)
end program

subroutine sub(k)
  integer, intent(in) :: k
  real(8) :: d
  integer :: halves(2)
  equivalence (d, halves)
  d = real(k, 8)
  print *, halves(2)
end subroutine
