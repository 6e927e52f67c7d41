! flags: -fno-underscoring
! -fno-underscoring: external procedures, functions and common blocks get their plain names
! (both compilers agree, so the program links and shares the block).
program no_underscoring
  implicit none
  integer :: total, k
  real :: w(3)
  common /acc/ total, w
  integer, external :: triple
  total = 0
  w = [1.0, 2.0, 3.0]
  do k = 1, 4
    call add(k)
  end do
  print *, total, triple(total), w
end program
subroutine add(k)
  integer, intent(in) :: k
  integer :: total
  real :: w(3)
  common /acc/ total, w
  total = total + k
  w(k - (k - 1) / 3 * 3) = w(k - (k - 1) / 3 * 3) * 2
end subroutine
integer function triple(n)
  integer, intent(in) :: n
  triple = 3 * n
end function
