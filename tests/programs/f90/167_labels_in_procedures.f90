! Labels are local to each program unit: the same labels and FORMAT statements in a module
! procedure, an internal procedure and the main program; a FORMAT continued over lines;
! GO TO out of SELECT CASE and IF blocks to a label after them.
module report_mod
  implicit none
contains
  subroutine report(name, v, n)
    character(len=*), intent(in) :: name
    integer, intent(in) :: n
    real, intent(in) :: v(n)
    integer :: i
100 format('== ', A, ' (', I0, ' values)')
200 format(3X, I2, ': ', F9.4, &
           2X, A)
    write(*, 100) name, n
    do 10 i = 1, n
      if (v(i) < 0.0) then
        write(*, 200) i, v(i), 'negative'
        go to 10
      end if
      write(*, 200) i, v(i), 'ok'
10  continue
  end subroutine report
end module report_mod

program labels_in_procedures
  use report_mod
  implicit none
  real :: x(5)
  integer :: k, code
100 format('main: ', I0)
  x = [1.5, -2.0, 0.25, -0.125, 8.0]
  call report('x', x, 5)
  write(*, 100) 1
  do k = 1, 4
    call classify(k, code)
    write(*, 100) code
  end do
  print *, grade(95), grade(75), grade(40)
contains
  subroutine classify(k, code)
    integer, intent(in) :: k
    integer, intent(out) :: code
    code = 0
    select case (k)
    case (1)
      code = 10
      go to 100
    case (2)
      code = 20
    case default
      if (k == 3) then
        code = 30
        goto 100
      end if
    end select
    code = code + 1
100 continue
  end subroutine classify

  integer function grade(score)
    integer, intent(in) :: score
    grade = 3
    if (score >= 90) goto 10
    if (score >= 70) goto 20
    goto 30
10  grade = 1
    goto 30
20  grade = 2
30  return
  end function grade
end program labels_in_procedures
