! `lo:` bounds are only allowed for assumed-shape dummy arguments.
subroutine s(n)
  implicit none
  integer, intent(in) :: n
  real :: w(0:)
  w = real(n)
  print *, w
end subroutine s
