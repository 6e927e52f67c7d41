! What is left of unformatted, direct and stream I/O: formatted direct access, `rec=` in
! a formatted transfer, direct access without `recl=`, a bad `access=`.
program unformatted_io_not_yet
  implicit none
  integer :: a
  open(10, file='x.txt', access='direct', form='formatted', recl=10)
  open(11, file='y.bin', access='direct')
  open(12, file='z.bin', access='random')
  write(10, '(i3)', rec=2) a
  read(10, rec=2) a
end program
