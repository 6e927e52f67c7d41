! flags: -fopenmp
! Internal procedures declared target (in their own specification part or by the host's
! `declare target`): compiled for the device without a host frame, called from target
! regions and from the host.
program internal_declare_target
  implicit none
  integer, parameter :: n = 40
  integer :: x, v(n), i
  !$omp declare target to(twice)
  x = 2
  !$omp target map(tofrom: x)
  call update(x)
  !$omp end target
  call update(x)
  print *, x
  v = 0
  !$omp target teams distribute parallel do map(tofrom: v)
  do i = 1, n
    v(i) = twice(i) + sq(i)
  end do
  print *, sum(v), v(n), twice(5), sq(3)
contains
  subroutine update(num)
    integer, intent(inout) :: num
    !$omp declare target
    num = num * 3
  end subroutine update

  integer function twice(k)
    integer, intent(in) :: k
    twice = 2 * k
  end function twice

  integer function sq(k)
    !$omp declare target
    integer, intent(in) :: k
    sq = k * k
  end function sq
end program internal_declare_target
