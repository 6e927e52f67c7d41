! Fortran 2018's C1130: an optional dummy, an assumed-size array and a polymorphic dummy
! cannot be local or local_init in a do concurrent.
module c1130
  type t
    integer :: n
  end type
contains
  subroutine s(a, b, c)
    integer, optional :: a
    real :: b(*)
    class(t) :: c
    integer :: i
    do concurrent (i = 1:3) local(a)
      a = i
    end do
    do concurrent (i = 1:3) local_init(b)
      b(1) = i
    end do
    do concurrent (i = 1:3) local(c)
      c%n = i
    end do
  end subroutine
end module
