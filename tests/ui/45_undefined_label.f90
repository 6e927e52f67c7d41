program undefined_label
  implicit none
  integer :: ios, x
  read(*, *, iostat=ios, end=200) x
  write(*, 300) x
  print *, ios
100 continue
end program undefined_label
