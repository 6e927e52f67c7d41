! Pointers to components: scalar and array components of a structure, sections of them,
! components reached through a structure pointer, and a scalar component across an array
! of structures (a pointer whose element distance is the structure's size).
module shapes
  implicit none
  type pt
    integer :: x, y
    integer :: arr(6)
    real(8) :: w
  end type
end module

program main
  use shapes
  implicit none
  type(pt), target :: a, b(5)
  type(pt), pointer :: pp
  integer, pointer :: ip, iv(:)
  real(8), pointer :: wv(:)
  integer :: i
  a%x = 3
  a%y = 4
  a%arr = [(i, i = 1, 6)]
  ip => a%y
  ip = 40
  iv => a%arr(2:6:2)
  print *, a%y, iv, size(iv), lbound(iv)
  iv => a%arr
  print *, iv, associated(iv, a%arr), associated(iv, a%arr(1:6)), associated(iv, a%arr(1:6:2))
  pp => a
  iv => pp%arr(5:)
  iv(1) = 50
  print *, a%arr, associated(iv, a%arr(5:6))
  do i = 1, 5
    b(i)%x = i
    b(i)%y = -i
    b(i)%w = 0.5d0 * i
    b(i)%arr = i * 100
  end do
  pp => b(3)
  print *, pp%x
  ip => b(2)%y
  print *, ip
  iv => b%y
  print *, iv, size(iv), lbound(iv), ubound(iv)
  iv(2) = 222
  print *, b(2)%y
  iv => b(2:5:2)%x
  print *, iv
  wv => b(5:1:-2)%w
  print *, wv, sum(wv)
  iv => b(4)%arr(2:3)
  iv = [7, 8]
  print *, b(4)%arr
end program
