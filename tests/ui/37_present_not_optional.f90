! Expected diagnostic: present() of a dummy argument that is not optional
subroutine s(k)
  implicit none
  integer, intent(in) :: k
  if (present(k)) print *, k
end subroutine s
