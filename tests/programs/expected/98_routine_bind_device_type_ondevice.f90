! `bind` in `device_type` groups of `!$acc routine`: each kind of device calls its own
! procedure (gfortran 12 does not accept `bind` on `routine`). The values, worked out by
! hand: `pick(x)` is x in host code, x + 10 in the host device's kernels (`pick_host`),
! x + 20 in the sim device's (`pick_sim`, by its symbol), x + 30 on the GPUs (`pick_gpu`);
! `only_host(x)` is 2*x everywhere but in the host device's kernels (`only_host_dev`,
! 3*x); the `routine vector` `scale_row` multiplies a row by 2, by 5 on the sim device
! (`scale_row_sim`). On the host device the kernels print 11..14, 3 6 9 12 and rows of
! 2*i; on sim 21..24, 2 4 6 8 and rows of 5*i (this file's `.sim.out`).
module dt_bind_m
  use iso_c_binding, only: c_int
  implicit none
contains
  integer(c_int) function pick(x)
    !$acc routine seq device_type(host) bind(pick_host) device_type(default) bind("pick_sim") &
    !$acc device_type(nvidia, radeon) bind(pick_gpu)
    integer(c_int), value :: x
    pick = x
  end function

  integer(c_int) function pick_host(x)
    !$acc routine seq
    integer(c_int), value :: x
    pick_host = x + 10
  end function

  integer(c_int) function pick_sim(x) bind(c, name="pick_sim")
    !$acc routine seq
    integer(c_int), value :: x
    pick_sim = x + 20
  end function

  integer(c_int) function pick_gpu(x)
    !$acc routine seq
    integer(c_int), value :: x
    pick_gpu = x + 30
  end function

  integer function only_host(x)
    !$acc routine seq device_type(host) bind(only_host_dev)
    integer, value :: x
    only_host = 2 * x
  end function

  integer function only_host_dev(x)
    !$acc routine seq
    integer, value :: x
    only_host_dev = 3 * x
  end function

  subroutine scale_row(a, n, i)
    !$acc routine vector device_type(default) bind(scale_row_sim)
    integer, value :: n, i
    integer, intent(inout) :: a(n, 8)
    integer :: j
    !$acc loop vector
    do j = 1, 8
      a(i, j) = 2 * a(i, j)
    end do
  end subroutine

  subroutine scale_row_sim(a, n, i)
    !$acc routine vector
    integer, value :: n, i
    integer, intent(inout) :: a(n, 8)
    integer :: j
    !$acc loop vector
    do j = 1, 8
      a(i, j) = 5 * a(i, j)
    end do
  end subroutine
end module

program routine_bind_device_type
  use dt_bind_m
  implicit none
  integer :: a(4), b(4), m(4, 8), i, j
  !$acc parallel loop copyout(a, b)
  do i = 1, 4
    a(i) = pick(i)
    b(i) = only_host(i)
  end do
  print '(4i5)', a
  print '(4i5)', b
  print '(4i5)', (pick(i), i = 1, 4), (only_host(i), i = 1, 4)
  do j = 1, 8
    do i = 1, 4
      m(i, j) = i
    end do
  end do
  !$acc parallel loop gang copy(m)
  do i = 1, 4
    call scale_row(m, 4, i)
  end do
  print '(8i4)', (m(i, :), i = 1, 4)
  call scale_row(m, 4, 1)
  print '(8i4)', m(1, :)
end program
