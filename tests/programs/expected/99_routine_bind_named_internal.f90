! `bind` on a named `!$acc routine(f)` of a module's specification part, and on an
! internal procedure bound to another internal procedure (gfortran 12 does not accept
! `bind` on `routine`). The values, worked out by hand: in the kernel f(x) is g(x) = 2*x
! and h(k) is hd(k) = 100*k, so a(i) = 102*i: 102 204 306 408; in host code f(x) = x and
! h(k) = 0, so the host's sum over i = 1..4 is 10.
module named_bind_m
  implicit none
  !$acc routine(f) seq bind(g)
contains
  integer function f(x)
    integer, value :: x
    f = x
  end function

  integer function g(x)
    !$acc routine seq
    integer, value :: x
    g = 2 * x
  end function
end module

program routine_bind_named_internal
  use named_bind_m
  implicit none
  integer :: a(4), i, s
  !$acc parallel loop copyout(a)
  do i = 1, 4
    a(i) = f(i) + h(i)
  end do
  print '(4i6)', a
  s = 0
  do i = 1, 4
    s = s + f(i) + h(i)
  end do
  print *, s
contains
  integer function h(k)
    !$acc routine seq bind(hd)
    integer, value :: k
    h = 0
  end function

  integer function hd(k)
    !$acc routine seq
    integer, value :: k
    hd = 100 * k
  end function
end program
