! Array pointer components (gfortran's descriptor inside the structure): linked nodes
! with array payloads, allocate/deallocate through them, targets that are sections,
! bounds and rank remapping, nullify, associated, passing them to pointer dummies and
! to ordinary dummies, and arrays of such structures.
module meshes
  implicit none
  type node
    integer :: id = 0
    real(8), pointer :: vals(:) => null()
    integer, pointer :: grid(:,:) => null()
    type(node), pointer :: next => null()
  end type
contains
  subroutine grow(v, n)
    real(8), pointer :: v(:)
    integer, intent(in) :: n
    integer :: i
    allocate(v(n))
    v = [(0.25d0 * i, i = 1, n)]
  end subroutine
  real(8) function total(x)
    real(8), intent(in) :: x(:)
    total = sum(x)
  end function
  integer function corner(g, n, m)
    integer, intent(in) :: n, m
    integer, intent(in) :: g(n, m)
    corner = g(n, m)
  end function
end module

program main
  use meshes
  implicit none
  type(node), pointer :: head, cur
  type(node) :: fixed(3)
  real(8), target :: pool(10)
  integer, target :: cells(12)
  integer :: i, k
  pool = [(real(i, 8), i = 1, 10)]
  cells = [(i * 10, i = 1, 12)]
  nullify(head)
  do k = 1, 4
    allocate(cur)
    cur%id = k
    cur%next => head
    head => cur
  end do
  ! Payloads: a fresh block, a strided section, a block with other bounds, none.
  allocate(head%vals(3))
  head%vals = [1d0, 2d0, 3d0]
  head%next%vals => pool(2:10:3)
  head%next%next%vals(0:) => pool(5:8)
  call grow(head%next%next%next%vals, 5)
  cur => head
  do while (associated(cur))
    if (associated(cur%vals)) then
      print *, cur%id, size(cur%vals), lbound(cur%vals), ubound(cur%vals), cur%vals
      print *, total(cur%vals), associated(cur%vals, pool(2:10:3)), associated(cur%vals, pool(2:8))
    else
      print *, cur%id, 'no values'
    end if
    cur => cur%next
  end do
  head%next%vals(2) = -5d0
  print *, pool
  head%grid(1:3, 1:4) => cells
  print *, shape(head%grid), head%grid(2, 3), corner(head%grid, 3, 4)
  head%grid = head%grid + 1
  print *, cells
  head%next%grid => head%grid(2:3, ::2)
  print *, head%next%grid, sum(head%next%grid)
  nullify(head%next%vals, head%grid)
  print *, associated(head%next%vals), associated(head%grid), associated(head%next%grid)
  deallocate(head%vals)
  deallocate(head%next%next%next%vals)
  print *, associated(head%vals), associated(head%next%next%next%vals)
  do k = 1, 3
    fixed(k)%id = k
    allocate(fixed(k)%vals(k))
    fixed(k)%vals = k
  end do
  print *, (size(fixed(k)%vals), sum(fixed(k)%vals), k = 1, 3)
  fixed(2)%vals => fixed(3)%vals(2:3)
  fixed(2)%vals(1) = 9d0
  print *, fixed(3)%vals
end program
