! Changeable-mode specifiers need a format; `delim=` a list-directed one.
program io_mode_needs_format
  implicit none
  real :: x
  x = 1.0
  write(10, decimal='comma') x
  write(*, '(f5.1)', delim='quote') x
  read(10, pad='no') x
end program
