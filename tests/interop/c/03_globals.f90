! bind(c) module variables (integer, real, logical, c_ptr; with and without name=)
! shared with C, which reads and writes them.
module shared
  use iso_c_binding
  implicit none
  integer(c_int), bind(c) :: counter
  real(c_double), bind(c, name="c_scale") :: scale
  integer(c_int64_t), bind(c, name="big_value") :: big
  logical(c_bool), bind(c) :: ready
  type(c_ptr), bind(c) :: where
  interface
    subroutine c_bump(by) bind(c)
      import :: c_int
      integer(c_int), value :: by
    end subroutine
    real(c_double) function c_scaled(x) bind(c)
      import :: c_double
      real(c_double), value :: x
    end function
    subroutine c_update() bind(c)
    end subroutine
  end interface
end module

program globals
  use shared
  implicit none
  integer(c_int32_t), target :: box
  counter = 10
  call c_bump(5)
  call c_bump(-2)
  print *, counter
  scale = 1.5d0
  ready = .false.
  print *, c_scaled(4d0)
  ready = .true.
  print *, c_scaled(4d0)
  big = 123456789012_c_int64_t
  box = 7
  where = c_loc(box)
  call c_update()
  print *, scale, big, ready, box
  call c_update()
  print *, scale, big, ready, box, c_scaled(1d0)
end program
