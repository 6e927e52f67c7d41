program inquire_specifiers
  implicit none
  logical :: ex
  integer :: n
  inquire(file='a.txt', unit=10, exist=ex)
  inquire(exist=ex)
end program inquire_specifiers
