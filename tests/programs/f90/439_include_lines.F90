! The Fortran include line (not the preprocessor #include, though this .F90 file also goes
! through it): a file with shared parameters included in the main program, in a module
! and in an external subroutine, and a second include file holding executable statements
! included inside a loop body.
module grid_params
  implicit none
  include '439_include_lines.inc'
contains
  integer function cells()
    cells = nx * ny
  end function cells
end module grid_params

program include_lines
  use grid_params, only: cells
  implicit none
  include '439_include_lines.inc'
  integer :: i, acc
  real(8) :: h
  h = xlen / nx
  print '(A,2I4,A,I6)', 'grid', nx, ny, ' cells', cells()
  print '(A,F10.5)', 'h =', h
  acc = 0
  do i = 1, nx
    include '439_include_body.inc'
  end do
  print '(A,I8)', 'acc =', acc
  call report(3)
end program include_lines

subroutine report(k)
  implicit none
  integer, intent(in) :: k
  include '439_include_lines.inc'
  print '(A,I5,A,A)', 'report', k * nx, ' name=', trim(gridname)
end subroutine report
