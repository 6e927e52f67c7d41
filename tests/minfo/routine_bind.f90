! The report names the procedure each kind of device calls for a routine with `bind`, and
! the device copies of a routine whose body calls one.
program minfo_bind
  implicit none
  integer :: a(4, 8), b(4), i
  a = 1
  !$acc parallel loop gang copy(a) copyout(b)
  do i = 1, 4
    b(i) = pick(i) + pick_twice(i)
    call row(a, i)
  end do
  print *, sum(a), b
contains
  integer function pick(x)
    !$acc routine seq bind(pick_dev) device_type(nvidia) bind("pick_nv")
    integer, value :: x
    pick = x
  end function

  integer function pick_twice(x)
    !$acc routine seq
    integer, value :: x
    pick_twice = pick(pick(x))
  end function

  integer function pick_dev(x)
    !$acc routine seq
    integer, value :: x
    pick_dev = x + 1
  end function

  subroutine row(a, i)
    !$acc routine vector device_type(default) bind(row_sim)
    integer, intent(inout) :: a(4, 8)
    integer, value :: i
    integer :: j
    !$acc loop vector
    do j = 1, 8
      a(i, j) = 2 * a(i, j)
    end do
  end subroutine

  subroutine row_sim(a, i)
    !$acc routine vector
    integer, intent(inout) :: a(4, 8)
    integer, value :: i
    integer :: j
    !$acc loop vector
    do j = 1, 8
      a(i, j) = 3 * a(i, j)
    end do
  end subroutine
end program
