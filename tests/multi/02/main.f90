! Uses both modules through their module files; defines its own `count`, `scale` and
! `helper`, which the modules keep private.
program access
  use counter_mod
  use shapes_mod
  implicit none
  integer :: count, i
  real(8) :: scale
  count = 100
  scale = 10.0d0
  do i = 1, 4
    print *, 'next', counter_next()
  end do
  print *, 'total', counter_total()
  call counter_reset()
  print *, 'next', counter_next(), 'mine', count
  print '(A,2F10.4)', 'areas', area(1.0d0), area(2.0d0) * scale
  print *, 'made', made, helper(3)
contains
  integer function helper(k)
    integer, intent(in) :: k
    helper = k * 7
  end function helper
end program access
