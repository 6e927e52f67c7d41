! select case in application code: a state machine for parsing a simple command stream,
! grade classification with integer ranges, a day-of-week calculator (Zeller) whose
! result is selected into names, unit conversions chosen by character codes, and nested
! select constructs with names.
program select_case_app
  implicit none
  integer :: scores(9) = [100, 95, 89, 80, 79, 65, 50, 0, -3]
  integer :: i, state, acc, d
  character(len=12) :: cmds
  character(len=9) :: dayname
  do i = 1, size(scores)
    print '(I4,1X,A)', scores(i), grade(scores(i))
  end do
  ! state machine: digits accumulate, '+' adds, 'c' clears, '=' prints, others ignored
  cmds = '12+7=c5+=x9='
  state = 0; acc = 0; d = 0
  do i = 1, len(cmds)
    select case (cmds(i:i))
    case ('0':'9')
      d = 10 * d + (iachar(cmds(i:i)) - iachar('0'))
      state = 1
    case ('+')
      acc = acc + d; d = 0; state = 2
    case ('=')
      acc = acc + d; d = 0
      print '(A,I5)', 'result:', acc
      state = 3
    case ('c', 'C')
      acc = 0; d = 0; state = 0
    case default
      print '(A,A,A,I2)', 'ignored ', cmds(i:i), ' in state', state
    end select
  end do
  do i = 1, 4
    call day_of_week(2000 + 7 * i, i * 3, 10 + i, dayname)
    print '(I5,2I3,1X,A)', 2000 + 7 * i, i * 3, 10 + i, trim(dayname)
  end do
  print '(F10.3)', convert(1.0d0, 'km', 'm ')
  print '(F10.3)', convert(2.5d0, 'm ', 'cm')
  print '(F10.3)', convert(128.0d0, 'cm', 'm ')
  print '(F10.3)', convert(3.0d0, 'xx', 'm ')
contains
  character(len=2) function grade(s)
    integer, intent(in) :: s
    select case (s)
    case (90:)
      grade = 'A'
    case (80:89)
      grade = 'B'
    case (70:79)
      grade = 'C'
    case (1:69)
      grade = 'F'
    case (0)
      grade = 'F0'
    case default
      grade = '??'
    end select
  end function grade
  subroutine day_of_week(y, m, dd, name)
    integer, intent(in) :: y, m, dd
    character(len=*), intent(out) :: name
    integer :: yy, mm, k, j, h
    yy = y; mm = m
    if (mm < 3) then
      mm = mm + 12; yy = yy - 1
    end if
    k = mod(yy, 100); j = yy / 100
    h = mod(dd + (13 * (mm + 1)) / 5 + k + k / 4 + j / 4 + 5 * j, 7)
    select case (h)
    case (0); name = 'Saturday'
    case (1); name = 'Sunday'
    case (2); name = 'Monday'
    case (3); name = 'Tuesday'
    case (4); name = 'Wednesday'
    case (5); name = 'Thursday'
    case (6); name = 'Friday'
    end select
  end subroutine day_of_week
  real(8) function convert(x, from, to)
    real(8), intent(in) :: x
    character(len=2), intent(in) :: from, to
    real(8) :: metres
    outer: select case (from)
    case ('km')
      metres = x * 1000
    case ('m ')
      metres = x
    case ('cm')
      metres = x / 100
    case default
      convert = -1
      return
    end select outer
    inner: select case (to)
    case ('m ')
      convert = metres
    case ('cm')
      convert = metres * 100
    case default
      convert = -2
    end select inner
  end function convert
end program select_case_app
