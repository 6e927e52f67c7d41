! Reads the files of uf_write.f90 and prints what it finds.
program uf_read
  implicit none
  integer :: n, k, st
  real(8) :: d(5), x
  character(len=7) :: s
  complex :: c
  logical :: l
  integer(8) :: big(4)
  integer(2) :: h
  integer(1) :: b
  real :: r
  open(10, file='interop_seq.bin', form='unformatted', status='old')
  read(10) n, d
  print *, n, d
  read(10) s, c, l
  print *, s, c, l
  read(10)
  read(10) big
  print *, big
  read(10, iostat=st) n
  print *, st
  close(10)
  open(11, file='interop_dir.bin', access='direct', recl=12, status='old')
  read(11, rec=3) k, x
  print *, k, x
  read(11, rec=1) k, x
  print *, k, x
  close(11)
  open(12, file='interop_str.bin', access='stream', status='old')
  read(12) h, b, r
  print *, h, b, r
  close(12)
end program
