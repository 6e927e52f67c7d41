! Tests: internal write into character variables
program w
  implicit none
  character(len=12) :: s
  character(len=30) :: t
  integer :: k
  real :: x
  k = 42
  x = 3.25
  write(s, '(I5)') k
  print *, '[', s, ']'
  write(s, '(I0)') k * 1000
  print *, '[', trim(s), ']'
  write(t, *) x, k
  print *, '[', t, ']'
  write(t, '(A, I3.3, A)') 'file_', 7, '.dat'
  print *, '[', trim(t), ']'
  write(t, '(F10.4, L2)') x, .true.
  print *, '[', t, ']'
  write(unit=s, fmt='(A)') 'hi'
  print *, len_trim(s), '[', s, ']'
end program w
