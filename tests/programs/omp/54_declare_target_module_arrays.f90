! flags: -fopenmp
! `declare target` module arrays in the module's object (gfortran's symbols and sizes):
! the device copies start with the arrays' initial values, target regions in module
! procedures and in the main program use them without maps, `target update` moves them
! (whole arrays and sections, rank 1 to 3), and a module array of another module is
! mapped explicitly.
module dev_tables
  implicit none
  integer, private :: q
  integer :: ramp(8) = [(2 * q, q = 1, 8)]
  real(8) :: plane(4, 3) = 0.5d0
  integer :: vol(2, 2, 3)
  !$omp declare target(ramp, plane, vol)
contains
  subroutine scale_plane(f)
    real(8), intent(in) :: f
    integer :: i, j
    !$omp target teams distribute parallel do collapse(2)
    do j = 1, 3
      do i = 1, 4
        plane(i, j) = plane(i, j) * f + ramp(i + j)
      end do
    end do
  end subroutine scale_plane
end module dev_tables

module host_tables
  implicit none
  integer :: acc(6) = [1, 1, 2, 3, 5, 8]
end module host_tables

program declare_target_module_arrays
  use dev_tables
  use host_tables
  implicit none
  integer :: i, j, k, s
  call scale_plane(2d0)
  !$omp target update from(plane)
  print '(4f7.1)', plane
  !$omp target teams distribute parallel do collapse(3)
  do k = 1, 3
    do j = 1, 2
      do i = 1, 2
        vol(i, j, k) = ramp(i + j + k) + 100 * k
      end do
    end do
  end do
  !$omp target update from(vol(:, :, 2:3))
  print '(4i5)', vol(:, :, 2:3)
  ! New values from the host for part of the ramp.
  ramp(1:4) = -1
  !$omp target update to(ramp(1:4))
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(to: acc)
  do i = 1, 6
    s = s + ramp(i) * acc(i)
  end do
  print *, 's =', s
  !$omp target map(tofrom: acc)
  do i = 3, 6
    acc(i) = acc(i - 1) + acc(i - 2) + ramp(i)
  end do
  !$omp end target
  print '(6i5)', acc
end program declare_target_module_arrays
