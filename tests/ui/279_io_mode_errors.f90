! Changeable-mode specifiers: invalid values and the wrong statement.
program io_mode_errors
  implicit none
  real :: x
  x = 1.0
  open(10, file='x.txt', decimal='bogus')
  write(*, *, blank='zero') x
  read(*, *, sign='plus') x
  write(*, '(f5.1)', round='upward') x
end program
