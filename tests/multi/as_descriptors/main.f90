! Main program: calls through the module files of ops and vk.
program main
  use ops
  implicit none
  real(8) :: v(4), u(3)
  integer :: t(2, 3)
  v = [3d0, 0d0, 4d0, 0d0]
  call normalize(v)
  print '(4f8.3)', v
  call normalize(v(1:4:2))
  print '(4f8.3)', v
  u = unit_vec(2) + scaled(unit_vec(3), 2.5d0)
  print '(3f8.3)', u
  print '(6f8.3)', scaled(v(2:4), -2d0), scaled(u, 0.5d0)
  t = table(2, 2)
  print '(3i4)', t(1, :), t(2, :)
  print *, corner_sum(table(3, 4)), corner_sum(t(:, 2:3)), size(table(5, 0)), n3
end program main
