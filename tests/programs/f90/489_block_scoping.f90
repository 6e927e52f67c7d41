! Block constructs as scoping units: local variables of nested blocks updating an outer
! variable, blocks inside loops re-initialising their locals on
! every entry, local arrays sized by a dummy argument, exit from a named block, and blocks
! inside internal procedures using host variables.
program block_scoping
  implicit none
  integer :: i, n, total
  real(8) :: x
  n = 5
  x = 1.5d0
  total = 0
  block
    integer :: ix
    ix = 42
    x = x + ix
    print '(A,I4)', 'inner integer ix:', ix
    block
      real(8) :: y
      y = -0.25d0
      x = x + y
      print '(A,F7.3)', 'innermost real y:', y
    end block
    print '(A,I4)', 'inner ix again:', ix
  end block
  print '(A,F7.3)', 'outer x updated from blocks:', x
  do i = 1, 3
    block
      integer :: count
      integer :: buf(5)
      count = 0
      buf = i
      count = count + sum(buf)
      total = total + count
      print '(A,I2,A,I4)', 'iteration', i, ' block count', count
    end block
  end do
  print '(A,I4)', 'total:', total
  search: block
    integer :: k
    do k = 1, 100
      if (k * k > 50) then
        print '(A,I4)', 'first square above 50 from', k
        exit search
      end if
    end do
    print *, 'not reached'
  end block search
  call helper(3)
  print '(A,I4)', 'total after helper:', total
contains
  subroutine helper(m)
    integer, intent(in) :: m
    block
      integer :: j, acc(m)
      do j = 1, m
        acc(j) = j * n
      end do
      total = total + sum(acc)
      print '(A,3I4)', 'helper block:', acc
    end block
  end subroutine helper
end program block_scoping
