! flags: -fopenmp
! `declare target` procedures: module procedures and external procedures compiled for the
! device, called from target regions (and from each other on the device).
module dt_procs
  implicit none
contains
  pure integer function sq(x)
    !$omp declare target
    integer, intent(in) :: x
    sq = x * x
  end function sq

  integer function sumsq(a, b)
    !$omp declare target
    integer, intent(in) :: a, b
    sumsq = sq(a) + sq(b)
  end function sumsq

  subroutine twice(x)
    !$omp declare target
    integer, intent(inout) :: x
    x = 2 * x
  end subroutine twice
end module dt_procs

integer function cube(x)
  !$omp declare target
  integer, intent(in) :: x
  cube = x * x * x
end function cube

program declare_target_procs
  use dt_procs
  implicit none
  interface
    integer function cube(x)
      !$omp declare target
      integer, intent(in) :: x
    end function cube
  end interface
  integer :: a(64), i, s
  !$omp target teams distribute parallel do map(from: a)
  do i = 1, 64
    a(i) = sumsq(i, 1) + cube(mod(i, 4))
    call twice(a(i))
  end do
  s = 0
  do i = 1, 64
    s = s + a(i)
  end do
  print *, a(1), a(2), a(64), s
end program declare_target_procs
