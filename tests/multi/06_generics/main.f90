program main
  use more_ops
  implicit none
  integer :: i, m(2, 2)
  real :: r
  real(8) :: d
  i = 1; r = 1.5; d = 0.25d0
  call add_to(i, 41)
  call add_to(r, 2.0)
  call add_to(d, 1.0d0)
  print *, i, r, d
  m = reshape([4, -1, 9, 2], [2, 2])
  print *, biggest([3, 7, 5]), biggest([1.5, -2.0]), biggest(m)
  call label('text')
  call label(12)
  call label(3.25)
end program main
