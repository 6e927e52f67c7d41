! `gang` twice in one device_type group (allowed once per group; the default `gang` is
! another group) is E0319.
program p
  implicit none
  integer :: a(10), i
  !$acc parallel loop copyout(a) gang dtype(host) gang vector gang
  do i = 1, 10
    a(i) = i
  end do
  print *, a(1)
end program p
