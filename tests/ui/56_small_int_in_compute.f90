module small_int_routine
contains
  integer function widen(b)
    !$acc routine seq
    integer(1) :: b
    widen = b + 1
  end function
end module

program small_int_in_compute
  use small_int_routine
  implicit none
  integer(1) :: b(8)
  integer :: i, n(8)
  b = 1_1
  !$acc parallel loop copy(b, n)
  do i = 1, 8
    n(i) = widen(b(i)) + i
  end do
  print *, n
end program
