! Module arrays used by internal procedures (of a module procedure and of the main
! program) and by the procedures of a second module, which has arrays of its own
! initialised from the first module's named constants; saved local arrays (`save`,
! `data`, an initial value) keep their values between calls.
module base
  implicit none
  integer, parameter :: n = 5
  integer, parameter :: weights(n) = [5, 4, 3, 2, 1]
  integer :: counts(n) = 0
  real :: level(n, 2) = 1.0
contains
  subroutine count_all(k)
    integer, intent(in) :: k
    integer :: i
    do i = 1, k
      call hit(mod(i, n) + 1)
    end do
  contains
    subroutine hit(j)
      integer, intent(in) :: j
      counts(j) = counts(j) + weights(j)
      level(j, 2) = level(j, 2) * 2
    end subroutine hit
  end subroutine count_all
end module base

module derived_stats
  use base
  implicit none
  integer :: scaled(n) = weights * 10
  integer :: history(3, n)
contains
  subroutine snapshot(row)
    integer, intent(in) :: row
    history(row, :) = counts + scaled
  end subroutine snapshot
end module derived_stats

integer function calls_so_far()
  implicit none
  integer, save :: seen(3) = [0, 0, 0]
  integer :: log(4)
  data log / 4 * -1 /
  save log
  seen = seen + [1, 2, 3]
  log(mod(seen(1), 4) + 1) = seen(3)
  calls_so_far = sum(seen) * 100 + sum(log)
end function calls_so_far

program module_arrays_internal_and_saved
  use derived_stats
  implicit none
  integer :: r
  integer, external :: calls_so_far
  call count_all(7)
  call snapshot(1)
  call show()
  call count_all(3)
  call snapshot(2)
  call twice()
  call snapshot(3)
  call show()
  do r = 1, 3
    print *, calls_so_far()
  end do
contains
  subroutine show()
    integer :: i
    print '(5i4, 2x, 5f6.1)', counts, level(:, 2)
    do i = 1, 3
      print '(5i5)', history(i, :)
    end do
  end subroutine show
  subroutine twice()
    scaled = scaled * 2
    level(:, 1) = level(:, 1) + sum(weights)
  end subroutine twice
end program module_arrays_internal_and_saved
