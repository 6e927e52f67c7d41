! Unformatted and stream I/O are not implemented yet.
program unformatted_io_not_yet
  implicit none
  integer :: a
  open(10, file='x.bin', form='unformatted')
  open(11, file='y.bin', access='stream')
  write(10) a
  read(10) a
  write(10, rec=2) a
end program
