! Calls the deferred-length character functions of dl_func.f90 through an interface.
program deferred_length_caller
  implicit none
  interface
    function shout(s) result(r)
      character(len=*), intent(in) :: s
      character(len=:), allocatable :: r
    end function
    function digits_of(k) result(r)
      integer, intent(in) :: k
      character(len=:), allocatable :: r
    end function
  end interface
  character(len=:), allocatable :: a
  integer :: i
  do i = 1, 3
    print *, '[', shout(repeat('ab', i)), ']', len(shout('xyz'))
  end do
  a = digits_of(-4096) // '/' // digits_of(7)
  print *, a, len(a), len(digits_of(0))
end program
