! `character(:), allocatable` dummies (gfortran's convention: the addresses of the data
! pointer and of the length): allocated, reallocated by assignment and deallocated in
! the callee, `intent(out)` ones arriving deallocated, passed on to other procedures.
module strs
  implicit none
contains
  subroutine setit(s, n)
    character(:), allocatable, intent(inout) :: s
    integer, intent(in) :: n
    if (allocated(s)) then
      print *, 'had ', len(s), '[', s, ']'
      deallocate(s)
    end if
    allocate(character(n) :: s)
    s = repeat('x', n)
  end subroutine
  subroutine append(s, t)
    character(:), allocatable, intent(inout) :: s
    character(*), intent(in) :: t
    if (.not. allocated(s)) then
      s = t
    else
      s = s // ',' // t
    end if
  end subroutine
  subroutine fresh(s)
    character(:), allocatable, intent(out) :: s
    print *, 'fresh allocated:', allocated(s)
    call append(s, 'new')
  end subroutine
end module

program deferred_char_dummies
  use strs
  implicit none
  character(:), allocatable :: t, u
  integer :: i
  call setit(t, 3)
  call setit(t, 5)
  print *, len(t), '[', t, ']'
  do i = 1, 3
    call append(u, repeat('ab', i))
  end do
  print *, len(u), '[', u, ']'
  call fresh(u)
  print *, len(u), '[', u, ']'
  deallocate(t)
  call append(t, 'last')
  print *, allocated(t), len(t), t
end program
