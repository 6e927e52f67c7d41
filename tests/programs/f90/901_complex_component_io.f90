! Input and output of whole structures with complex components (complex(4), (8), (16),
! scalars and arrays): list-directed and formatted, written and read back through internal
! files and standard input.
module sample_types
  implicit none
  type :: sample
    integer :: n
    complex :: c
    complex(8) :: d(2)
    complex(16) :: q
    real(16) :: r
  end type
  type :: pair
    type(sample) :: s(2)
    complex :: tag = (0.5, 0.25)
  end type
end module

program complex_component_io
  use sample_types
  implicit none
  type(sample) :: s, t, many(2)
  type(pair) :: p
  character(len=400) :: line
  s = sample(3, (1.5, -2.0), [(1d0, 2d0), (-3.25d0, 0.125d0)], (1._16, -0.5_16), 2.5_16)
  print *, s
  write(*, '(i3, 2f8.3, 4f9.4, 2f6.2, f7.3)') s
  write(*, '(i3, 2es12.4, 4(1x,f0.3), 2f6.2, f7.3)') s
  write(line, *) s
  read(line, *) t
  print *, t
  write(line, '(i3, 2f8.3, 4f9.4, 2f6.2, f7.3)') s
  t = sample(0, (0., 0.), [(0d0, 0d0), (0d0, 0d0)], (0._16, 0._16), 0._16)
  read(line, '(i3, 2f8.3, 4f9.4, 2f6.2, f7.3)') t
  print *, t
  p%s = [s, t]
  p%s(2)%c = (-1., -1.)
  print *, p
  read(*, *) many
  print *, many(2), many(1)%d(2)%im
  read(*, '(i2, 2f4.1)') s%n, s%c
  print *, s%n, s%c
end program
