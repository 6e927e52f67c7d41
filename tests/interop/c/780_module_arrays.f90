! bind(c) module arrays shared with C: one defined (and initialised) by C, one a common
! symbol that only the Fortran side declares; C reads and writes both.
module grids
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="c_table") :: table(5)
  real(c_double), bind(c) :: field(3, 2)
  interface
    integer(c_int) function c_table_sum() bind(c)
      import :: c_int
    end function
    subroutine c_scale_field(by) bind(c)
      import :: c_double
      real(c_double), value :: by
    end subroutine
  end interface
end module

subroutine show()
  use grids
  implicit none
  print *, table
  print *, field(:, 1)
  print *, field(:, 2)
end subroutine

program module_arrays
  use grids
  implicit none
  integer :: i, j
  call show()
  table(2) = table(2) + 100
  print *, c_table_sum(), sum(table)
  do j = 1, 2
    do i = 1, 3
      field(i, j) = i + 10 * j
    end do
  end do
  call c_scale_field(0.5d0)
  call show()
  print *, size(field), shape(field), lbound(table), ubound(table)
end program
