! Module arrays of fixed size in `!$acc declare` directives: gfortran's objects (inline
! storage under `__mod_MOD_name`), with device copies the whole program reaches through
! `update` and `present`, written by compute constructs in module procedures and in the
! main program, with initial values, of rank 1 to 3, integer, real(8) and logical.
module grid
  implicit none
  integer, parameter :: n = 8
  integer, private :: q
  integer :: cells(n) = [(q, q = 1, n)]
  real(8) :: field(n, 4)
  integer :: cube(2, 3, 4)
  logical :: flags(n) = .false.
  !$acc declare copyin(cells) create(field, cube, flags)
contains
  subroutine fill_field(scale)
    real(8), intent(in) :: scale
    integer :: i, j
    !$acc parallel loop collapse(2) present(field, cells)
    do j = 1, 4
      do i = 1, n
        field(i, j) = cells(i) * scale + j
      end do
    end do
  end subroutine fill_field

  subroutine mark_even()
    integer :: i
    !$acc parallel loop present(cells, flags)
    do i = 1, n
      flags(i) = mod(cells(i), 2) == 0
    end do
  end subroutine mark_even
end module grid

program acc_declare_module_arrays
  use grid
  implicit none
  integer :: i, j, k, total
  call fill_field(0.5d0)
  !$acc update self(field)
  print '(8f6.1)', field
  call mark_even()
  !$acc update self(flags)
  print '(8l2)', flags
  ! The host changes the table and sends it to the device copy.
  cells = cells * 10
  !$acc update device(cells)
  call fill_field(0.25d0)
  !$acc update self(field(:, 2))
  print '(8f6.1)', field(:, 2)
  !$acc parallel loop collapse(3) present(cube)
  do k = 1, 4
    do j = 1, 3
      do i = 1, 2
        cube(i, j, k) = 100 * k + 10 * j + i
      end do
    end do
  end do
  !$acc update self(cube)
  print '(6i5)', cube
  total = 0
  !$acc parallel loop reduction(+:total) present(cube, cells)
  do i = 1, n
    total = total + cells(i) + cube(1 + mod(i, 2), 1 + mod(i, 3), 1 + mod(i, 4))
  end do
  print *, 'total', total
  ! The host clears the array and sends it; the device changes one plane.
  cube = 0
  !$acc update device(cube)
  !$acc parallel loop collapse(2) present(cube)
  do j = 1, 3
    do i = 1, 2
      cube(i, j, 3) = cells(2 * j) + i
    end do
  end do
  !$acc update self(cube(:, :, 3))
  print '(6i5)', cube(:, :, 3)
  print *, sum(cube)
end program acc_declare_module_arrays
