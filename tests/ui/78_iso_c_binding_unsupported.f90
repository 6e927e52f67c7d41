program p
  use iso_c_binding, only: c_int, c_ptr, c_loc
  use iso_fortran_env, only: real64, compiler_version
  implicit none
  integer(c_int) :: i
  i = 1
end program p
