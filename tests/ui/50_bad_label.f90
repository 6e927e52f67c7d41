program bad_label
  implicit none
  integer :: x
  x = 1
  write(*, 0) x
123456 continue
end program bad_label
