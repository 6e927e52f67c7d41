! Tests: array constructors with [ ] and (/ /): scalars, whole arrays, sections,
! expressions, nested implied-do loops with steps, empty implied-do ranges; as right-hand
! sides, as initial values of arrays and of rank-1 parameter arrays (also in a procedure),
! inside expressions and intrinsic calls, and in print; implied-do lists in print.
program constructors
  implicit none
  integer, parameter :: p(4) = [2, 3, 5, 7]
  integer, parameter :: n = 5
  real, parameter :: h(3) = (/ 0.5, 0.25, 0.125 /)
  integer :: v(6) = (/ 1, 1, 2, 3, 5, 8 /)
  integer :: a(5), b(10), i, j, k
  real(8) :: r(4)
  logical :: l(3)

  a = [(i * 2, i = 1, n)]
  print *, 'a', a
  b = [a, p, -1]
  print *, 'b', b
  b = (/ (i, i = 10, 1, -1) /)
  print *, 'b2', b
  b = [((i * 10 + j, i = 1, 2), j = 1, 5)]
  print *, 'b3', b
  a = [a(5:1:-1)]
  print *, 'a2', a
  a = [a(2:5), a(1)]
  print *, 'a3', a
  a = [p(1) + p(2), sum(p), (k, k = 1, 0), maxval(v), -4, 0]
  print *, 'a4', a
  r = [1.5d0, 2.25d0, -0.5d0, 8.0d0] * 2
  print *, 'r', r
  l = [.true., p(2) > 2, .false.]
  print *, 'l', l
  print *, 'p', p, h, v
  print *, 'sum', sum([1, 2, 3, 4]), maxval([(mod(i * 7, 11), i = 1, 10)]), size([p, p, 1])
  print *, 'dot', dot_product([1, 2, 3], [4, 5, 6]), count([(mod(i, 3) == 0, i = 1, 20)])
  print *, 'lit', [10, 20, 30], (/ 1.5, 2.5 /), [(j * j, j = 1, 4)]
  print *, 'io', (v(i), i = 1, 6, 2), (a(i) * 2, i = 1, 3)
  print *, 'io2', ((i * j, i = 1, 3), j = 1, 2)
  print *, 'io3', (p(i), h(mod(i, 3) + 1), i = 1, 4)
  call show(3)
  call show(4)
contains
  subroutine show(m)
    integer, intent(in) :: m
    integer, parameter :: q(3) = [100, 200, 300]
    integer :: w(3) = [7, 8, 9]
    w = w + m
    print *, 'show', q, w, [(q(i) + m, i = 1, 3)]
  end subroutine show
end program constructors
