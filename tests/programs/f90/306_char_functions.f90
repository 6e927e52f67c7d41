! Character-valued functions: constant and automatic result lengths, module, internal and
! external functions, results named by the function or by `result`, used in assignments,
! concatenations, comparisons, print lists, as arguments of other procedures and of
! intrinsics; automatic-length local character variables.
module textutil
  implicit none
contains
  function pad(s, n) result(r)
    character(len=*), intent(in) :: s
    integer, intent(in) :: n
    character(len=n) :: r
    r = s
  end function pad
  character(len=8) function stamp(k)
    integer, intent(in) :: k
    write(stamp, '(A,I5.5)') 'id-', k
  end function stamp
  function join(a, b, sep) result(r)
    character(len=*), intent(in) :: a, b, sep
    character(len=len_trim(a) + len(sep) + len_trim(b)) :: r
    r = trim(a) // sep // trim(b)
  end function join
end module textutil

character(len=6) function yesno(flag)
  logical, intent(in) :: flag
  if (flag) then
    yesno = 'yes'
  else
    yesno = 'no'
  end if
end function yesno

program char_functions
  use textutil
  implicit none
  interface
    character(len=6) function yesno(flag)
      logical, intent(in) :: flag
    end function yesno
  end interface
  character(len=20) :: line
  character(len=:), allocatable :: d
  integer :: i
  line = pad('abc', 5) // '|'
  print '(A)', line
  print '(3A)', '[', pad('abcdefgh', 3), ']'
  print *, stamp(42), ' ', stamp(12345)
  do i = 1, 3
    print '(A)', join(stamp(i), pad('x', i), ' : ')
  end do
  print *, len(join('a  ', 'b', '--')), len(pad('q', 0)), len(stamp(1))
  print *, yesno(.true.) // '/' // yesno(1 > 2), len(yesno(.false.))
  print *, stamp(7) == 'id-00007', stamp(7) < stamp(8), index(join('left', 'right', '+'), '+')
  call show(join('one', 'two', ', '))
  d = join(join('a', 'b', '.'), upper3('xyz'), '/')
  print '(A,I3)', d, len(d)
  call automatic(4)
contains
  subroutine show(t)
    character(len=*), intent(in) :: t
    print '(A,A,A,I2)', '<', t, '>', len(t)
  end subroutine show
  function upper3(s) result(u)
    character(len=3), intent(in) :: s
    character(len=3) :: u
    integer :: k
    do k = 1, 3
      u(k:k) = achar(iachar(s(k:k)) - 32)
    end do
  end function upper3
  subroutine automatic(n)
    integer, intent(in) :: n
    character(len=n) :: a
    character(len=2 * n + 1) :: b
    a = 'abcdefgh'
    b = a // '-' // a
    print '(A,1X,A,2I3)', a, b, len(a), len(b)
  end subroutine automatic
end program char_functions
