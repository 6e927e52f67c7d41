! Input validation that aborts: a configuration check runs several validators, prints
! diagnostics for each bad value, and ends with a plain `error stop` (no code), whose exit
! status 1 is compared with gfortran; the output before the abort must be complete.
module validate
  implicit none
  integer :: nerr = 0
contains
  subroutine check_range(name, v, lo, hi)
    character(len=*), intent(in) :: name
    integer, intent(in) :: v, lo, hi
    if (v < lo .or. v > hi) then
      nerr = nerr + 1
      print '(A,A,A,I0,A,I0,A,I0,A)', 'error: ', name, ' = ', v, ' not in [', lo, ', ', hi, ']'
    else
      print '(A,A,A,I0)', 'ok:    ', name, ' = ', v
    end if
  end subroutine check_range
  subroutine check_power_of_two(name, v)
    character(len=*), intent(in) :: name
    integer, intent(in) :: v
    integer :: w
    w = v
    do while (w > 1 .and. mod(w, 2) == 0)
      w = w / 2
    end do
    if (w /= 1) then
      nerr = nerr + 1
      print '(A,A,A,I0,A)', 'error: ', name, ' = ', v, ' is not a power of two'
    else
      print '(A,A,A,I0)', 'ok:    ', name, ' = ', v
    end if
  end subroutine check_power_of_two
end module validate

program error_stop_plain
  use validate
  implicit none
  integer :: nx, ny, nsteps, block
  nx = 128; ny = 96; nsteps = 0; block = 48
  call check_range('nx', nx, 1, 4096)
  call check_range('ny', ny, 1, 4096)
  call check_range('nsteps', nsteps, 1, 100000)
  call check_power_of_two('nx', nx)
  call check_power_of_two('block', block)
  print '(A,I0,A)', 'found ', nerr, ' configuration errors'
  if (nerr > 0) error stop
  print *, 'not reached'
end program error_stop_plain
