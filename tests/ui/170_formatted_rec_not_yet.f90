! `rec=` and `pos=` in formatted transfers are not implemented yet.
program formatted_rec_not_yet
  implicit none
  integer :: a
  a = 1
  open(10, file='x.bin', access='stream', form='formatted')
  write(10, '(i3)', pos=4) a
  read(10, '(i3)', rec=2) a
end program
