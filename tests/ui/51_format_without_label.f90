program format_without_label
  implicit none
  format(I5)
  print *, 'x'
end program format_without_label
