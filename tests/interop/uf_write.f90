! Writes unformatted sequential, direct and stream files (read back by uf_read.f90,
! each program built by gpuf or by gfortran).
program uf_write
  implicit none
  integer :: i
  real(8) :: d(5)
  d = [(0.5d0 * i, i = 1, 5)]
  open(10, file='interop_seq.bin', form='unformatted', status='replace')
  write(10) 42, d
  write(10) 'interop', (1.5, -0.5), .true.
  write(10)
  write(10) [(i * 1000000000_8, i = 1, 4)]
  close(10)
  open(11, file='interop_dir.bin', access='direct', recl=12, status='replace')
  write(11, rec=3) 3, 3.0d0
  write(11, rec=1) 1, 1.0d0
  close(11)
  open(12, file='interop_str.bin', access='stream', status='replace')
  write(12) 7_2, 8_1, 2.5
  close(12)
end program
