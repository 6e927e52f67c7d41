! A binary search tree with pointer components: insertion, in-order walk, depth, sum.
program tree
  implicit none
  type :: tnode
    integer :: key
    type(tnode), pointer :: left => null(), right => null()
  end type
  type(tnode), pointer :: root
  integer :: keys(11) = [50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 10]
  integer :: i
  root => null()
  do i = 1, size(keys)
    call insert(root, keys(i))
  end do
  call walk(root)
  print *
  print *, 'depth', depth(root), 'sum', total(root)
  print *, 'found 45', found(root, 45), 'found 46', found(root, 46)
contains
  recursive subroutine insert(t, k)
    type(tnode), pointer :: t
    integer, intent(in) :: k
    if (.not. associated(t)) then
      allocate(t)
      t%key = k
    else if (k < t%key) then
      call insert(t%left, k)
    else
      call insert(t%right, k)
    end if
  end subroutine
  recursive subroutine walk(t)
    type(tnode), pointer :: t
    if (.not. associated(t)) return
    call walk(t%left)
    write(*, '(i4)', advance='no') t%key
    call walk(t%right)
  end subroutine
  recursive integer function depth(t) result(d)
    type(tnode), pointer :: t
    d = 0
    if (associated(t)) d = 1 + max(depth(t%left), depth(t%right))
  end function
  recursive integer function total(t) result(s)
    type(tnode), pointer :: t
    s = 0
    if (associated(t)) s = t%key + total(t%left) + total(t%right)
  end function
  logical function found(t, k)
    type(tnode), pointer :: t
    integer, intent(in) :: k
    type(tnode), pointer :: c
    c => t
    found = .false.
    do while (associated(c))
      if (c%key == k) then
        found = .true.
        return
      end if
      if (k < c%key) then
        c => c%left
      else
        c => c%right
      end if
    end do
  end function
end program
