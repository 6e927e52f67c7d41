! real(16) and complex(16) in namelist output and input and in unformatted files
! (16-byte values in gfortran's record layout, read back by the same program), and
! list-directed and formatted input of complex(16) values.
program real16_files
  implicit none
  real(16) :: q, qs(3)
  complex(16) :: z
  integer :: u, n
  namelist /quad/ q, qs, z, n
  q = 1.0_16 / 3
  qs = [0.5_16, -2.25_16, 1e-20_16]
  z = (0.1_16, -4.0_16)
  n = 7
  write (*, nml=quad)
  open (newunit=u, file='real16_files.tmp', form='unformatted', status='replace')
  write (u) q, qs, z, n
  rewind (u)
  q = 0
  qs = 0
  z = 0
  n = 0
  read (u) q, qs, z, n
  close (u, status='delete')
  print *, q, qs
  print *, z, n
  read (*, nml=quad)
  print *, q, qs(2), z
  read (*, *) z
  print *, z
  read (*, '(2f10.3)') z
  print *, z
end program
