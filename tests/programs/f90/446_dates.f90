! Calendar computations with integer arithmetic: leap years, day of the year, Julian day
! numbers and back, days between dates, adding days across month and year ends, and a
! formatted ISO date string built with an internal write (I4.4, I2.2).
program dates
  implicit none
  integer :: y, m, d, jd, i, y2, m2, d2
  integer :: years(8) = [1900, 1996, 2000, 2023, 2024, 2100, 2400, 1582]
  do i = 1, size(years)
    print '(I5,L2,I5)', years(i), leap(years(i)), day_of_year(years(i), 12, 31)
  end do
  print '(A,I9)', 'JDN 2000-01-01:', jdn(2000, 1, 1)
  print '(A,I9)', 'JDN 1970-01-01:', jdn(1970, 1, 1)
  print '(A,I9)', 'days 1970 -> 2000:', jdn(2000, 1, 1) - jdn(1970, 1, 1)
  print '(A,I9)', 'days in 20th century:', jdn(2001, 1, 1) - jdn(1901, 1, 1)
  jd = jdn(2024, 2, 28)
  do i = 0, 3
    call from_jdn(jd + i, y, m, d)
    print '(A)', iso(y, m, d)
  end do
  call from_jdn(jdn(2023, 12, 31) + 1, y, m, d)
  print '(A,A)', 'after new year''s eve: ', iso(y, m, d)
  call from_jdn(jdn(2000, 3, 1) - 1, y, m, d)
  print '(A,A)', 'day before 2000-03-01: ', iso(y, m, d)
  ! round trips over many days
  do i = 0, 400000, 997
    call from_jdn(2400000 + i, y2, m2, d2)
    if (jdn(y2, m2, d2) /= 2400000 + i) print *, 'round trip failed', i
  end do
  print '(A)', 'round trips done'
  print '(A,I2)', 'weekday of 2024-07-04 (0=Mon):', mod(jdn(2024, 7, 4), 7)
contains
  logical function leap(yr)
    integer, intent(in) :: yr
    leap = (mod(yr, 4) == 0 .and. mod(yr, 100) /= 0) .or. mod(yr, 400) == 0
  end function leap
  integer function day_of_year(yr, mo, dy)
    integer, intent(in) :: yr, mo, dy
    integer :: mdays(12) = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    day_of_year = sum(mdays(1:mo-1)) + dy
    if (mo > 2 .and. leap(yr)) day_of_year = day_of_year + 1
  end function day_of_year
  integer function jdn(yr, mo, dy)
    integer, intent(in) :: yr, mo, dy
    integer :: a, yy, mm
    a = (14 - mo) / 12
    yy = yr + 4800 - a
    mm = mo + 12 * a - 3
    jdn = dy + (153 * mm + 2) / 5 + 365 * yy + yy / 4 - yy / 100 + yy / 400 - 32045
  end function jdn
  subroutine from_jdn(j, yr, mo, dy)
    integer, intent(in) :: j
    integer, intent(out) :: yr, mo, dy
    integer :: a, b, c, dd, e, mm
    a = j + 32044
    b = (4 * a + 3) / 146097
    c = a - 146097 * b / 4
    dd = (4 * c + 3) / 1461
    e = c - 1461 * dd / 4
    mm = (5 * e + 2) / 153
    dy = e - (153 * mm + 2) / 5 + 1
    mo = mm + 3 - 12 * (mm / 10)
    yr = 100 * b + dd - 4800 + mm / 10
  end subroutine from_jdn
  function iso(yr, mo, dy) result(s)
    integer, intent(in) :: yr, mo, dy
    character(len=10) :: s
    write(s, '(I4.4,"-",I2.2,"-",I2.2)') yr, mo, dy
  end function iso
end program dates
