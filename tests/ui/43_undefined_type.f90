program undefined_type
  implicit none
  type :: known
    integer :: k
  end type known
  type(unknown) :: u
  type(known) :: k
  integer :: i
  k%k = 1
  i = k%k%j
end program undefined_type
