! `size=` of non-advancing reads: the characters the edit descriptors took (padding
! blanks not counted), also when the end-of-record condition ends the statement.
program read_size
  implicit none
  integer :: a, n, ios, m
  character(len=8) :: w
  read(*, '(i4)', advance='no', size=n) a
  print *, a, n
  read(*, '(a8)', advance='no', size=m, iostat=ios) w
  print *, '[', w, ']', m, ios
  read(*, '(a3)', advance='no', size=n, iostat=ios) w
  print *, '[', w, ']', n, ios
end program
