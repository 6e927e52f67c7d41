! is_contiguous of whole arrays, sections (with runtime bounds and strides) and array
! pointers (contiguous, strided, rank-remapped, disassociated ones excluded).
program is_contiguous_test
  implicit none
  real, target :: a(10), m(4, 5)
  real, pointer :: p(:), q(:, :)
  integer :: n, s
  real, allocatable :: al(:, :)
  n = 3
  s = 1
  allocate(al(3, 4))
  print *, is_contiguous(a), is_contiguous(m), is_contiguous(al)
  print *, is_contiguous(a(2:7)), is_contiguous(a(::2)), is_contiguous(a(1:n:s)), is_contiguous(a(n:n))
  print *, is_contiguous(m(:, 2:3)), is_contiguous(m(2:3, :)), is_contiguous(m(1:4, 3)), is_contiguous(m(2, :))
  print *, is_contiguous(m(2, 3:3)), is_contiguous(m(:, 5:4)), is_contiguous(m(1:4:1, 1:5)), is_contiguous(m(4:1:-1, 1))
  p => a
  print *, is_contiguous(p)
  p => a(1:9:3)
  print *, is_contiguous(p)
  p => a(4:5)
  print *, is_contiguous(p)
  q => m(:, 2:4)
  print *, is_contiguous(q)
  q => m(1:2, :)
  print *, is_contiguous(q)
  q(1:2, 1:3) => a(1:6)
  print *, is_contiguous(q)
  p => m(3, :)
  print *, is_contiguous(p), is_contiguous(al(:, n)), is_contiguous(al(1:2, :))
end program
