! flags: -fallow-argument-mismatch
! An external procedure called with actual arguments of another type than its dummies (the
! pattern of old MPI-style buffer routines): with -fallow-argument-mismatch a warning, and the
! arguments are passed by address as they are, so the words are copied bit for bit.
program argument_mismatch
  implicit none
  real :: x(4), y(4)
  integer :: i
  x = [1.5, -2.25, 1024.0, 0.125]
  y = 0
  call copy_words(4, x, y)
  print '(4f10.4)', y
  do i = 1, 4
    if (x(i) /= y(i)) print *, 'differs at', i
  end do
end program argument_mismatch

subroutine copy_words(n, a, b)
  implicit none
  integer, intent(in) :: n
  integer, intent(in) :: a(n)
  integer, intent(out) :: b(n)
  b = a
end subroutine copy_words
