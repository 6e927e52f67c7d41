program advance_list_directed
  implicit none
  integer :: x
  x = 3
  write(*, *, advance='no') x
end program advance_list_directed
