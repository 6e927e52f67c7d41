! Printing derived-type values: list-directed whole structures (nested, with arrays,
! characters and logicals), arrays of structures, and formatted writes of components.
program dt_output
  implicit none
  type :: rgb
    integer :: r, g, b
  end type rgb
  type :: pixel
    type(rgb) :: c
    logical :: lit
    character(len=4) :: tag
    real :: alpha
    real(8) :: depth
    integer(8) :: id
  end type pixel
  type(pixel) :: px, row(3)
  type(rgb) :: palette(4)
  integer :: i
  character(len=60) :: line
  palette(1) = rgb(255, 0, 0)
  palette(2) = rgb(0, 255, 0)
  palette(3) = rgb(0, 0, 255)
  palette(4) = rgb(r=12, b=34, g=56)
  print *, palette(4)
  print *, palette
  print *, palette(2:3)
  px = pixel(palette(1), .true., 'ab', 0.25, -1.0d10, 1234567890123_8)
  print *, px
  print '(3i4, l2, a5, f6.2, es12.4, i15)', px
  do i = 1, 3
    row(i) = px
    row(i)%c = palette(i + 1)
    row(i)%lit = mod(i, 2) == 0
    row(i)%tag = repeat('x', i)
    row(i)%id = -i
  end do
  print *, row
  write (*, '(a, i0, a, i0, a, i0, a)') 'rgb(', row(2)%c%r, ',', row(2)%c%g, ',', row(2)%c%b, ')'
  write (line, '(a4, "|", 3(i3.3, ":"), l1)') row(3)%tag, row(3)%c, row(3)%lit
  print '(a)', trim(line)
  print '(a, f8.3)', 'alpha sum:', row(1)%alpha + row(2)%alpha + row(3)%alpha
end program dt_output
