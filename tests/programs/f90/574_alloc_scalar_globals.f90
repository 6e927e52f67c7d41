! Module and saved allocatable scalars (the global is the data pointer, as gfortran's):
! allocated, reallocated by assignment and deallocated in one unit, seen in others;
! a saved allocatable scalar of a procedure keeps its value between calls; move_alloc
! from a module scalar to a local one.
module keep_m
  implicit none
  type :: rec
    integer, allocatable :: hist(:)
    integer :: calls = 0
  end type
  integer, allocatable :: counter
  type(rec), allocatable :: log
contains
  subroutine bump()
    if (.not. allocated(counter)) then
      allocate(counter)
      counter = 0
    end if
    counter = counter + 1
    if (.not. allocated(log)) allocate(log)
    log%calls = log%calls + 1
    if (allocated(log%hist)) then
      log%hist = [log%hist, counter]
    else
      log%hist = [counter]
    end if
  end subroutine
end module

program alloc_scalar_globals
  use keep_m
  implicit none
  integer, allocatable :: local_n
  integer :: i
  print *, allocated(counter), allocated(log)
  do i = 1, 3
    call bump()
    call tick(i)
  end do
  print *, counter, log%calls, log%hist
  deallocate(counter)
  print *, allocated(counter)
  call bump()
  print *, counter, log%hist
  counter = 40
  call bump()
  print *, counter
  local_n = 7
  call move_alloc(counter, local_n)
  print *, allocated(counter), local_n
contains
  subroutine tick(k)
    integer, intent(in) :: k
    real, allocatable, save :: last
    if (allocated(last)) then
      print *, 'last', last
    else
      print *, 'first'
    end if
    last = 1.5 * k
  end subroutine
end program
