! Derived types in less common places: defined inside procedures, host types in internal
! procedures, character components in comparisons, concatenation and intrinsics, components
! as loop bounds and case selectors, integer(8) and 2-D components.
subroutine report(n)
  implicit none
  integer, intent(in) :: n
  type :: local_t
    integer(8) :: big
    character(len=6) :: name
    integer :: grid(2, 3)
  end type local_t
  type(local_t) :: t
  integer :: i, j
  t%big = 3000000000_8 * n
  t%name = 'rep'
  do j = 1, 3
    do i = 1, 2
      t%grid(i, j) = 10 * i + j + n
    end do
  end do
  print *, t%big, '[' // trim(t%name) // ']', len(t%name), len_trim(t%name)
  print *, t%grid(2, :), sum(t%grid, dim=1)
end subroutine report

subroutine report_twice(n)
  implicit none
  integer, intent(in) :: n
  ! The same type as in `report` (identical definitions in two scopes).
  type :: local_t
    integer(8) :: big
    character(len=6) :: name
    integer :: grid(2, 3)
  end type local_t
  type(local_t) :: t
  t%big = -n
  t%name = 'twice'
  t%grid = n
  print *, t%big, t%name, sum(t%grid)
end subroutine report_twice

program dt_misc
  implicit none
  type :: command
    character(len=8) :: verb
    integer :: count
    integer :: lo, hi
  end type command
  type(command) :: cmds(4)
  integer :: i, k, total
  cmds(1) = command('add', 3, 1, 4)
  cmds(2) = command('skip', 0, 0, 0)
  cmds(3) = command('mul', 2, 2, 5)
  cmds(4) = command('stop', 0, 0, 0)
  total = 0
  do i = 1, size(cmds)
    if (cmds(i)%verb == 'stop') exit
    select case (cmds(i)%verb)
    case ('add')
      do k = cmds(i)%lo, cmds(i)%hi
        total = total + k * cmds(i)%count
      end do
    case ('mul')
      do k = cmds(i)%lo, cmds(i)%hi
        total = total * cmds(i)%count
      end do
    case default
      print *, 'skipping ', trim(cmds(i)%verb), index(cmds(i)%verb, 'ip')
    end select
    print '(a8, i8)', cmds(i)%verb, total
  end do
  if (cmds(1)%verb < cmds(3)%verb) print *, 'add sorts before mul'
  print *, adjustr(cmds(2)%verb) // '|', cmds(4)%verb(1:2), cmds(3)%verb(2:)
  call report(2)
  call report_twice(3)
  call show()
contains
  subroutine show()
    type(command) :: c
    c = command('inner', 1, -1, 1)
    print *, c%verb, c%count, c%lo + c%hi
  end subroutine show
end program dt_misc
