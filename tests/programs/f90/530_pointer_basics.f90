! Scalar and array pointers: targets, contiguous sections, bounds and rank remapping,
! associated with one and two arguments, allocate/deallocate through pointers, nullify.
program ptr_basic
  implicit none
  integer, target :: i, a(10), m(3,4)
  integer, pointer :: p, q(:), r(:,:), s(:) => null()
  real, pointer :: x
  integer :: k
  i = 5
  p => i
  print *, associated(p), associated(p, i), associated(s)
  p = 7
  print *, i, p
  a = [(k*k, k = 1, 10)]
  q => a
  print *, size(q), lbound(q), ubound(q), sum(q)
  q => a(3:6)
  print *, q, lbound(q), ubound(q)
  q(1) = -1
  print *, a(3), associated(q, a(3:6)), associated(q, a)
  q(0:) => a
  print *, lbound(q), ubound(q), q(0), q(9)
  m = reshape([(k, k = 1, 12)], [3, 4])
  r => m(:, 2:3)
  print *, shape(r), r
  r(1:2, 1:5) => a
  print *, shape(r), r(2, 5), r(1, 3)
  p => a(4)
  print *, p
  allocate(x)
  x = 2.5
  print *, x
  deallocate(x)
  print *, associated(x)
  allocate(q(5))
  q = [1, 2, 3, 4, 5]
  print *, sum(q), size(q)
  deallocate(q)
  nullify(p, r)
  print *, associated(p), associated(r), associated(q)
end program
