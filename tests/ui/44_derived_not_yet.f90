program derived_not_yet
  implicit none
  type, bind(c) :: plain
    integer :: n
  end type plain
  type :: holder
    sequence
    real, allocatable :: data(:)
  end type holder
  type :: named
    character(len=4) :: tag
  end type named
  type(named) :: list(3)
  type(plain) :: p
  p%n = 1
  print *, list%tag
end program derived_not_yet
