! Vector subscripts: as values, on the left of assignments, mixed with sections and
! scalars in several dimensions, with repeated values on the right, in actual arguments
! (assumed-shape and explicit-shape intent(in), elemental), in output and input lists,
! overlapping assignments, character arrays.
program vector_subscripts
  implicit none
  integer :: a(8), m(4, 3), idx(3), i, j
  character(len=3) :: names(4)
  real :: r(5)
  character(len=20) :: line
  a = [(10 * i, i = 1, 8)]
  idx = [7, 2, 5]
  print *, a(idx)
  print *, a([1, 1, 8, 3])
  a(idx) = [-1, -2, -3]
  print *, a
  a(idx(3:1:-1)) = a(idx) * 100
  print *, a
  m = reshape([(i, i = 1, 12)], [4, 3])
  print *, m([4, 1], 2)
  print *, m(2, [3, 1, 2])
  print *, m([1, 3], [1, 3])
  m([2, 4], 1:2) = 0
  print *, m
  print *, sum(a([2, 4, 6])), maxval(m([1, 4], :))
  call show(a(idx))
  names = ['ant', 'bee', 'cat', 'dog']
  print *, names([4, 2]), ' ', names([1, 3])
  names([4, 1]) = names([1, 4])
  print *, names
  r = [(0.5 * i, i = 1, 5)]
  write (*, '(3f6.2)') r([5, 3, 1])
  j = 0
  do i = 1, size(idx)
    j = j + a(idx(i))
  end do
  print *, j
  call explicit(a([8, 6, 4]), 3)
  print *, twice(a([1, 2]))
  line = '5 6 7'
  read (line, *) a([3, 1, 8])
  print *, a
  a(idx) = a(idx) + a([1, 1, 1])
  print *, a
  a([1, 2, 3]) = a([3, 2, 1])
  print *, a
  print *, m([2, 4], 3), sum(m([4, 3, 2, 1], [3, 2, 1]))
contains
  subroutine explicit(v, n)
    integer, intent(in) :: n, v(n)
    print *, 'explicit', v
  end subroutine
  elemental integer function twice(x)
    integer, intent(in) :: x
    twice = 2 * x + size(idx)
  end function
  subroutine show(v)
    integer, intent(in) :: v(:)
    print *, size(v), v
  end subroutine
end program
