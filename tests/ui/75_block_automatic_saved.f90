! An automatic array in a `block` cannot be saved or initialized: its bounds are not
! constants.
program block_saved
  implicit none
  integer :: n
  n = 3
  block
    integer, save :: a(n)
    integer :: b(n) = 0
    integer :: c(n)
    a = 1
    c = 2
    print *, a, b, c
  end block
end program block_saved
