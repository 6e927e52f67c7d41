program small_int_in_compute
  implicit none
  integer(1) :: b(8)
  integer :: i, n(8)
  b = 1_1
  !$acc parallel loop copy(b, n)
  do i = 1, 8
    n(i) = b(i) + i
  end do
  print *, n
end program
