! real(16) and complex(16) input and output with gfortran's digits: list-directed, F, E,
! ES, EN, G editing (also to an internal file), list-directed and formatted input; complex(16)
! declarations, arithmetic and output.
program real16_io
  implicit none
  real(16) :: x, y, v(3)
  complex(16) :: z, w
  character(60) :: line
  integer :: i
  x = 1.0_16 / 7
  y = -123456.789_16
  write (*, '(f45.38)') x
  write (*, '(f12.3, 1x, f0.5, 1x, f6.1)') y, x, 0.05_16
  write (*, '(e45.35e4)') x
  write (*, '(es44.35, 1x, es12.4)') y, x
  write (*, '(en20.8)') y
  write (*, '(g45.35, 1x, g12.4, 1x, g0)') x, y, y
  write (*, '(3f8.2)') (i / 3.0_16, i = 1, 3)
  write (*, '(e12.4, 1x, d12.4)') 1e-300_16, 1e300_16
  write (line, '(f20.15)') 3.0_16 ** 0.5_16
  print *, trim(line)
  read (*, *) v
  print *, v
  read (*, '(f10.0, e12.3)') x, y
  print *, x, y
  read (*, *) x
  print *, x, x * 3
  z = (1.5_16, -2.0_16)
  w = cmplx(x, 0.25_16, 16)
  print *, z
  print *, z + w, z * w, z / w, -z, conjg(z)
  print *, real(z), aimag(z), abs(z), z == w, z /= w
  write (*, '(2f10.4)') z * 2
  write (*, '("(", es12.5, ",", es12.5, ")")') z
end program
