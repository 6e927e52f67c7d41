program duplicate_label
  implicit none
  integer :: i
  do 10 i = 1, 3
    print *, i
10 continue
10 continue
end program duplicate_label
