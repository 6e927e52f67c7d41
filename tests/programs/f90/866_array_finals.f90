! final procedures of rank 1 and 2 and elemental ones, as gfortran 12 calls them: on
! deallocate of arrays of rank 1 and 2 (also polymorphic ones, by the dynamic type, the
! parent's procedure of the array's rank on the parent parts), at the end of a procedure's
! scope, and for intent(out) polymorphic array dummies (also non-contiguous sections).
module fin
  implicit none
  integer :: log(40), nlog = 0
  type :: cell
    integer :: id = 0
  contains
    final :: cell_one, cell_vec, cell_mat
  end type
  type, extends(cell) :: tagged
    integer :: tag = 0
  contains
    final :: tagged_vec, tagged_elem
  end type
contains
  subroutine note(v)
    integer, intent(in) :: v
    nlog = nlog + 1
    log(nlog) = v
  end subroutine
  subroutine cell_one(x)
    type(cell), intent(inout) :: x
    call note(x%id)
  end subroutine
  subroutine cell_vec(x)
    type(cell), intent(inout) :: x(:)
    call note(1000 + sum(x%id))
  end subroutine
  subroutine cell_mat(x)
    type(cell), intent(inout) :: x(:, :)
    call note(2000 + size(x, 1) * 100 + size(x, 2) * 10)
    call note(3000 + sum(x%id))
  end subroutine
  subroutine tagged_vec(x)
    type(tagged), intent(inout) :: x(:)
    call note(5000 + sum(x%tag))
  end subroutine
  impure elemental subroutine tagged_elem(x)
    type(tagged), intent(inout) :: x
    call note(7000 + x%tag)
  end subroutine
  subroutine flush_log(what)
    character(*), intent(in) :: what
    print '(a, a, 20i6)', what, ':', log(1:nlog)
    nlog = 0
  end subroutine
  subroutine reset(x)
    class(cell), intent(out) :: x(:)
    call note(9000 + size(x))
  end subroutine
  subroutine reset_plain(x)
    type(tagged), intent(out) :: x(:)
    call note(9100 + size(x))
  end subroutine
  subroutine scope_mat()
    type(cell) :: m(2, 3)
    integer :: i, j
    do j = 1, 3
      do i = 1, 2
        m(i, j)%id = i * j
      end do
    end do
  end subroutine
  subroutine scope_alloc()
    type(tagged), allocatable :: t(:, :)
    allocate(t(2, 2))
    t%tag = 4
    t%id = 1
  end subroutine
end module

program finals
  use fin
  implicit none
  type(cell), allocatable :: c(:, :), v(:)
  type(tagged), allocatable :: tv(:), tm(:, :)
  class(cell), allocatable :: pc(:), pm(:, :)
  integer :: i
  allocate(c(3, 2))
  c%id = reshape([(i, i = 1, 6)], [3, 2])
  deallocate(c)
  call flush_log('mat')
  allocate(v(4))
  v%id = [1, 2, 3, 4]
  deallocate(v)
  call flush_log('vec')
  allocate(tv(3))
  tv%tag = [1, 2, 3]
  tv%id = [10, 20, 30]
  deallocate(tv)
  call flush_log('tagged vec')
  allocate(tm(2, 2))
  tm%tag = reshape([1, 2, 3, 4], [2, 2])
  tm%id = 5
  deallocate(tm)
  call flush_log('tagged mat')
  allocate(tagged :: pc(2))
  pc%id = [3, 4]
  deallocate(pc)
  call flush_log('class vec')
  allocate(tagged :: pm(1, 2))
  pm%id = 6
  deallocate(pm)
  call flush_log('class mat')
  call scope_mat()
  call flush_log('scope mat')
  allocate(tagged :: pc(3))
  pc%id = [1, 2, 3]
  call reset(pc)
  call flush_log('out class')
  call reset(pc(3:1:-2))
  call flush_log('out class sec')
  allocate(tv(2))
  tv%tag = [5, 6]
  call reset_plain(tv)
  call flush_log('out plain')
  tv%tag = [7, 8]
  call reset(tv)
  call flush_log('out tagged')
  print *, pc%id, tv%tag
  call scope_alloc()
  call flush_log('scope alloc')
end program
