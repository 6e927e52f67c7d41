! flags: -O0
! An internal `!$acc routine` that no kernel calls, compiled without optimisation: the
! device images keep no uncalled internal function (LLVM 19's AMDGPU back end crashed on
! one at -O0).
program routine_unused_internal
  implicit none
  integer :: a(8), i
  !$acc parallel loop copyout(a)
  do i = 1, 8
    a(i) = 3 * i
  end do
  print '(8i4)', a
  print *, unused(2)
contains
  integer function unused(k)
    !$acc routine seq
    integer, value :: k
    unused = k * k
  end function
end program
