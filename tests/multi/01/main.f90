! Uses both modules, compiled separately.
program main
  use constants
  use shapes, only: fill, norm1, total, grid, init_grid, last_size, sv => scale_vec
  implicit none
  real(8) :: v(n), w(m)
  integer :: i
  real(8) :: sq(m)
  ! A module array with an initial value, first used here.
  print '(4i4)', table
  call bump_table(5)
  print '(4i4)', table
  table(2) = -1
  call bump_table(1)
  print '(4i4)', table
  ! A parameter of another file as an array bound, and a region in the main program.
  !$acc parallel loop copyout(sq)
  do i = 1, m
    sq(i) = i * scale
  end do
  print '(4f8.2)', sq
  call fill(v, n, 1)
  print '(8f8.2)', v
  print '(f10.3)', norm1(v, n)
  call fill(w, m, -3)
  print '(4f8.2)', w
  print '(f10.3)', norm1(w, m)
  print '(a, f10.3)', 'total ', total
  print '(a, i0)', 'last size ', last_size
  call init_grid()
  print '(4f8.1)', grid(n, :)
  call sv(w, nx=m, f=scale)
  print '(4f8.2)', w
  call sv(w, 0.5d0, m)
  print '(4f8.2)', w
  print '(a, i0)', 'calls ', calls
  print '(3i3)', weights
  print '(i0, 1x, l1)', sum(weights) * n, verbose
  calls = calls + 100
  call count_call()
  print '(a, i0)', 'calls ', calls
  do i = 1, 3
    print '(i0)', weights(i) * m
  end do
end program main
