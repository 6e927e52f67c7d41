! device_type groups that choose `tile` sizes and levels per device, and a `routine` whose
! device-specific clauses keep its level; every device computes the same values (the
! expected output is the sequential program's: gfortran without -fopenacc prints it).
module dt_tile_mod
  implicit none
contains
  integer function twice(x)
    !$acc routine seq dtype(nvidia, radeon) seq
    integer, intent(in) :: x
    twice = 2 * x
  end function twice
end module dt_tile_mod

program device_type_tile_routine
  use dt_tile_mod
  implicit none
  integer :: a(17, 23), i, j, s
  !$acc parallel loop copyout(a) gang vector tile(4, 4) device_type(default) tile(2, 8) &
  !$acc& device_type(host) tile(*, *) dtype(nvidia) tile(32, 4) worker vector
  do j = 1, 23
    do i = 1, 17
      a(i, j) = twice(i) + 100 * j
    end do
  end do
  print *, sum(a), a(17, 23), a(3, 5)
  s = 0
  !$acc parallel loop copyin(a) reduction(+:s) collapse(2) dtype(default) gang vector dtype(*) seq
  do j = 1, 23
    do i = 1, 17
      s = s + a(i, j) - i
    end do
  end do
  print *, s
end program device_type_tile_routine
