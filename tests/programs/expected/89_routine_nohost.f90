! `!$acc routine nohost`: a procedure for device code only, called from a compute construct
! and from another routine (gfortran 12 accepts `nohost` but then has no host copy, so its
! host fallback fails to link). The values are those of the same loops without
! directives: 2*i and 2*i + 1 for i = 1..8, sum 72 + 80 = 152.
module nohost_m
contains
  integer function twice(x)
    !$acc routine seq nohost
    integer, value :: x
    twice = 2 * x
  end function

  integer function twice_plus_one(x)
    !$acc routine seq
    integer, value :: x
    twice_plus_one = twice(x) + 1
  end function
end module

program routine_nohost
  use nohost_m
  implicit none
  integer :: a(8), b(8), i, s
  s = 0
  !$acc parallel loop copyout(a, b) reduction(+:s)
  do i = 1, 8
    a(i) = twice(i)
    b(i) = twice_plus_one(i)
    s = s + a(i) + b(i)
  end do
  print '(8i4)', a
  print '(8i4)', b
  print '(i6)', s
end program
