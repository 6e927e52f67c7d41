! Logical kinds 1, 2, 4 and 8: storage sizes, assignment between kinds, operators mixing
! kinds, arrays with any/all/count, masks in where, I/O, kind(), dummies and results.
module lk_mod
  implicit none
contains
  logical(1) function flip1(x)
    logical(1), intent(in) :: x
    flip1 = .not. x
  end function
  subroutine set8(a, n)
    integer, intent(in) :: n
    logical(8), intent(out) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = mod(i, 3) == 0
    end do
  end subroutine
end module

program logical_kinds
  use lk_mod
  implicit none
  logical(1) :: a, b1(6)
  logical(2) :: b
  logical :: c
  logical(8) :: d, e8(6)
  logical(kind=1) :: t1 = .true.
  integer :: i, v(6)
  character(20) :: line
  logical(2) :: w2(2)
  logical(8) :: w8
  integer(1) :: bytes(12)
  equivalence (w2, bytes), (w8, bytes(5))
  a = .true.; b = .false.; c = a .and. .not. b; d = c .neqv. a
  print *, a, b, c, d, t1
  print *, kind(a), kind(b), kind(c), kind(d), kind(a .or. d), kind(a .and. b)
  w2 = [.true., .false.]; w8 = .true.
  print *, bytes
  b1 = [(mod(i, 2) == 0, i = 1, 6)]
  call set8(e8, 6)
  print *, b1, e8
  print *, any(b1), all(b1), count(b1), count(e8), any(e8 .and. b1)
  print *, kind(any(b1)), kind(all(e8))
  v = [(i, i = 1, 6)]
  where (b1 .or. e8) v = -v
  print *, v
  print *, flip1(a), flip1(b1(2))
  write (line, '(l1,1x,l2,1x,l3,1x,l4)') a, b, c, d
  print '(a)', trim(line)
  read (line, *) d, c, b, a
  print *, a, b, c, d
  if (a .eqv. b) then
    print *, 'same'
  else
    print *, 'different'
  end if
  e8 = b1
  print *, e8
end program
