! Uses the module's allocatable arrays through its module file: allocated here and there,
! visible on both sides after each call.
program main
  use ws
  implicit none
  print *, allocated(work), allocated(marks)
  allocate(work(3))
  work = 1.5d0
  print '(I3,F8.2)', size(work), sum(work)
  call grow(6)
  print '(I3,F8.2)', size(work), sum(work)
  allocate(marks(2, 3))
  marks = 1
  print *, shape(marks), sum(marks)
  call grow(2)
  print '(I3,2F8.2)', size(work), work
end program main
