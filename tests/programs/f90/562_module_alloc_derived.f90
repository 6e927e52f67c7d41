! A module allocatable array of derived type (CloverLeaf's `states(:)`), allocated in
! one procedure, read in another, reallocated with other bounds; a module structure
! whose allocatable component is filled by a procedure; `call flush(unit)` (GNU).
module states_m
  implicit none
  type :: state_type
    logical :: defined
    real(8) :: density, energy
    integer :: geometry
  end type
  type :: grid_type
    integer, allocatable :: cells(:)
  end type
  type(state_type), allocatable :: states(:)
  integer :: number_of_states
  type(grid_type) :: grid
contains
  subroutine read_states(n)
    integer, intent(in) :: n
    integer :: i
    number_of_states = n
    allocate(states(n))
    do i = 1, n
      states(i)%defined = mod(i, 2) == 1
      states(i)%density = 0.25d0 * i
      states(i)%energy = 2.0d0 ** i
      states(i)%geometry = 10 + i
    end do
  end subroutine
  subroutine make_grid(n)
    integer, intent(in) :: n
    integer :: i
    allocate(grid%cells(n))
    grid%cells = [(i * i, i = 1, n)]
  end subroutine
end module

program module_alloc_derived
  use states_m
  implicit none
  print *, allocated(states)
  call read_states(3)
  call report()
  call flush(6)
  deallocate(states)
  print *, allocated(states)
  allocate(states(0:1))
  states(0)%density = -1
  states(1) = states(0)
  print *, lbound(states), ubound(states), states(1)%density
  call make_grid(4)
  print *, grid%cells, sum(grid%cells)
  call flush()
contains
  subroutine report()
    integer :: i
    print *, number_of_states, size(states)
    do i = 1, number_of_states
      print *, states(i)%defined, states(i)%density, states(i)%energy, states(i)%geometry
    end do
  end subroutine
end program
