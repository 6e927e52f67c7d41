! integer(1)/integer(2) in procedures: functions returning them, array dummies, module
! arrays with initial values, select case, loops and saved counters.
module byte_tables
  implicit none
  integer(1) :: lut(4) = [1_1, 2_1, 4_1, 8_1]
  integer(2), save :: calls = 0_2
contains
  integer(1) function checksum(b, n)
    integer, intent(in) :: n
    integer(1), intent(in) :: b(n)
    integer :: i
    checksum = 0
    do i = 1, n
      checksum = ieor(checksum, b(i))
    end do
  end function
  integer(2) function widen(b)
    integer(1), intent(in) :: b
    widen = b
    if (widen < 0) widen = widen + 256_2
    calls = calls + 1_2
  end function
  subroutine fill(h, n, v)
    integer, intent(in) :: n
    integer(2), intent(out) :: h(n)
    integer(2), intent(in) :: v
    integer :: i
    do i = 1, n
      h(i) = v * int(i, 2)
    end do
  end subroutine
  integer function classify(b)
    integer(1), intent(in) :: b
    select case (b)
    case (:-1_1)
      classify = -1
    case (0_1)
      classify = 0
    case (1_1:9_1)
      classify = 1
    case default
      classify = 2
    end select
  end function
end module

program small_int_procs
  use byte_tables
  implicit none
  integer(1) :: bytes(6)
  integer(2) :: h(5)
  integer :: i

  bytes = [int(-3, 1), 0_1, 7_1, 100_1, -127_1 - 1_1, 127_1]
  print *, checksum(bytes, 6), checksum(lut, 4)
  do i = 1, 6
    print '(i5, i6, i3)', bytes(i), widen(bytes(i)), classify(bytes(i))
  end do
  print *, 'calls', calls
  call fill(h, 5, 7000_2)
  print *, h
  print *, sum(lut), product(lut), maxloc(bytes), minval(bytes)
  lut = lut * 16_1
  print *, lut
  print '(z2.2, 1x, b8.8, 1x, o3.3)', bytes(5), bytes(3), bytes(4)
end program
