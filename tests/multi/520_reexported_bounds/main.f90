! Uses arrays re-exported through a second module, bounds from a third one.
program main
  use facade_m
  implicit none
  call setup()
  print '(A,I3,5F6.2)', 'xg:', size(xg), xg
  print '(A,2I4,I6)', 'cells:', lbound(grid_cells), ubound(grid_cells), sum(grid_cells)
  print '(A,I3,5(1X,A))', 'tags:', len(tags), tags
  print '(A,F10.2,I4)', 'total:', total(), ncell
  xg = 1
  print *, sum(xg)
end program main
