! flags: -fcheck=bounds
! -fcheck=bounds on module arrays in the module's object: in-bounds references of every
! kind pass (lower bounds other than 1, character and derived-type arrays, sections), then
! an index below the lower bound of a module array, in the main program, stops the
! program with gfortran's message and exit code 2 after the output so far.
module checked
  implicit none
  type pt
    integer :: x = 3
  end type pt
  integer :: tab(-2:4) = 1
  character(len=3) :: tags(2:3) = ['ab ', 'cde']
  type(pt) :: pts(0:2)
end module checked

program module_arrays_bounds_check
  use checked
  implicit none
  integer :: i, total
  total = 0
  do i = -2, 4
    tab(i) = i * i
    total = total + tab(i)
  end do
  print *, 'total', total, tags(3)(2:3), pts(2)%x, sum(tab(0:4:2))
  do i = 4, -3, -1
    total = total - tab(i)
    if (mod(i, 2) == 0) print *, 'partial', i, total
  end do
  print *, 'not reached', total
end program module_arrays_bounds_check
