program format_label_not_format
  implicit none
  integer :: x
  x = 1
10 continue
  write(*, 10) x
20 format(I5)
  if (x > 0) go to 20
end program format_label_not_format
