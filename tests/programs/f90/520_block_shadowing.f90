! BLOCK constructs whose declarations shadow names of the program, of a procedure
! (dummy arguments and locals), and of enclosing or sibling blocks.
program block_shadowing
  implicit none
  real(8) :: x
  integer :: i, n, total
  integer :: k(3)
  integer, parameter :: wp = 8
  real(wp) :: z
  x = 1.5d0
  n = 4
  k = [1, 2, 3]
  block
    integer :: x
    x = 42
    print '(A,I4)', 'inner x =', x
    block
      character(len=5) :: x
      x = 'hello'
      print '(A,A)', 'innermost x = ', x
    end block
    x = x + 1
    print '(A,I4)', 'inner x again =', x
  end block
  print '(A,F6.2)', 'outer x =', x
  ! a loop variable local to a block
  total = 0
  do i = 1, 3
    block
      integer :: i, j
      j = 0
      do i = 1, 10
        j = j + i
      end do
      total = total + j
    end block
  end do
  print '(A,I5,A,I3)', 'total =', total, ' outer i =', i
  ! sibling blocks declaring the same name with different types
  block
    integer :: t(n)
    t = [(i * i, i = 1, n)]
    print '(A,4I4)', 't =', t
  end block
  block
    real :: t
    t = 2.5
    print '(A,F5.2)', 't =', t
  end block
  ! shadowing an array by a scalar and a scalar by an array
  block
    integer :: k
    k = 7
    print '(A,I3)', 'k =', k
  end block
  print '(A,3I3)', 'k =', k
  block
    integer :: n(2)
    n = [10, 20]
    print '(A,2I4)', 'n =', n
  end block
  print '(A,I3)', 'n =', n
  ! a block-local named constant used as a kind and a bound
  block
    integer, parameter :: wp = 4
    real(wp) :: y(wp)
    y = 1.5_wp
    print '(A,2I3,F6.2)', 'kind, size, sum:', kind(y), size(y), sum(y)
  end block
  z = 1.0_wp / 3
  print '(A,I3,F20.16)', 'kind, z:', kind(z), z
  call sub(3, 2.0)
  print '(A,I6)', 'f =', f(5)
contains
  subroutine sub(m, y)
    integer, intent(in) :: m
    real, intent(in) :: y
    integer :: s
    s = m * 2
    block
      real :: m
      integer :: s
      m = y * 3.0
      s = 100
      print '(A,F6.2,I5)', 'sub block:', m, s
    end block
    print '(A,I3,I4)', 'sub after:', m, s
  end subroutine sub
  integer function f(a)
    integer, intent(in) :: a
    f = a
    named: block
      integer :: f, a
      a = 1000
      f = a + 1
      if (f > 0) exit named
      print *, 'not reached'
    end block named
    f = f * a
  end function f
end program block_shadowing
