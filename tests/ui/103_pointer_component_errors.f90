! Array pointer components: a declared shape is an error, bounds need an array pointer
! of the right rank.
module bad_types
  implicit none
  type holder
    integer, pointer :: fixed(4)
    integer, pointer :: v(:) => null()
    integer, pointer :: s => null()
  end type
end module

program main
  use bad_types
  implicit none
  type(holder) :: h
  integer, target :: a(8)
  h%s(0:) => a
  h%v(1:2, 1:4) => a
  h%v => a
  print *, h%v
end program
