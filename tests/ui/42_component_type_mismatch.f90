program component_type_mismatch
  implicit none
  type :: rec
    integer :: n
    character(len=4) :: s
  end type rec
  type :: other
    integer :: n
  end type other
  type(rec) :: r
  type(other) :: o
  r%n = 'four'
  r%s = 4
  r = o
  o%n = r
end program component_type_mismatch
