! Automatic arrays declared in BLOCK constructs: in the main program, in procedures and
! in loops (the bounds are evaluated on each entry), left early with EXIT.
program block_automatic_arrays
  implicit none
  integer :: n, m, i, j
  integer, parameter :: c = 3
  n = 5
  block
    integer :: buf(n)
    buf = 3
    print '(A,I4,I3)', 'sum, size:', sum(buf), size(buf)
  end block
  ! bounds are evaluated on entry, not at the start of the program
  n = 2
  m = 4
  block
    real(8) :: a(0:n, m), v(c)
    do j = 1, m
      do i = 0, n
        a(i, j) = i + 10 * j
      end do
    end do
    v = 1.0d0
    print '(A,2I3,2I3)', 'bounds:', lbound(a), ubound(a)
    print '(A,F8.1,F5.1)', 'sums:', sum(a), sum(v)
  end block
  ! a block in a loop: a new size on each iteration
  do i = 1, 4
    block
      integer :: w(i), k
      w = [(k * i, k = 1, i)]
      print '(A,I2,A,5I4)', 'i =', i, ' w =', w
    end block
  end do
  ! leaving a named block early, then entering it again
  do i = 1, 3
    outer: block
      integer :: q(2 * i)
      q = i
      if (mod(i, 2) == 0) exit outer
      print '(A,I3,I4)', 'q:', size(q), sum(q)
    end block outer
  end do
  ! nested blocks using each other's sizes
  n = 3
  block
    integer :: p(n)
    p = [4, 5, 6]
    block
      integer :: r(p(1):p(3))
      r = 1
      print '(A,2I3,I4)', 'r:', lbound(r), ubound(r), sum(r)
    end block
  end block
  call work(4)
  call work(6)
  print '(A,F6.1)', 'avg:', avg(5)
contains
  subroutine work(k)
    integer, intent(in) :: k
    integer :: h
    h = k / 2
    block
      integer :: t(h, k)
      t = 1
      t(1, :) = 2
      print '(A,2I3,I5)', 'work:', shape(t), sum(t)
      call show(t(:, 1))
    end block
  end subroutine work
  subroutine show(z)
    integer, intent(in) :: z(:)
    print '(A,I3,*(I3))', 'show:', size(z), z
  end subroutine show
  real function avg(k)
    integer, intent(in) :: k
    integer :: l
    avg = 0
    do l = 1, k
      block
        real :: s(l)
        integer :: u
        s = [(real(u), u = 1, l)]
        avg = avg + sum(s) / l
      end block
    end do
    avg = avg / k
  end function avg
end program block_automatic_arrays
