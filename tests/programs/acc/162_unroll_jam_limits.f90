! Loops the host device must not unroll and jam, or must jam without mixing the two
! iterations: a reduction in the body, cycle and exit in the inner loop, inner bounds
! computed in the body, a private array written before the inner loop, a routine called
! after it, worker and vector loops inside a gang loop, a value written by gang-single code
! and read by the vector loop after it, and a read-only array next to a written one.
module ujl
contains
  subroutine bump(x, v)
    !$acc routine seq
    integer, intent(inout) :: x
    integer, intent(in) :: v
    x = x + v
  end subroutine bump
end module ujl

program unroll_jam_limits
  use ujl
  implicit none
  integer, parameter :: n = 11, m = 6
  integer :: a(n, m), b(n), c(n), d(n, m), p(m), i, k, s, t, total, lim
  do k = 1, m
    do i = 1, n
      a(i, k) = mod(3 * i + 5 * k, 13) - 6
    end do
  end do
  ! A sum reduction over the gang loop, the inner loop adding to a private scalar.
  total = 0
  !$acc parallel loop copyin(a) reduction(+:total) private(s)
  do i = 1, n
    s = 0
    do k = 1, m
      s = s + a(i, k)
    end do
    total = total + s * i
  end do
  print *, 'total', total
  ! cycle and exit in the inner loop.
  !$acc parallel loop copyin(a) copyout(b) private(s)
  do i = 1, n
    s = 0
    do k = 1, m
      if (a(i, k) < -3) cycle
      if (a(i, k) > 5) exit
      s = s + a(i, k)
    end do
    b(i) = s
  end do
  print '(11I5)', b
  ! Inner bound computed in the body.
  !$acc parallel loop copyin(a) copyout(b) private(s, lim)
  do i = 1, n
    lim = mod(i, m) + 1
    s = 0
    do k = 1, lim
      s = s + a(i, k)
    end do
    b(i) = s
  end do
  print '(11I5)', b
  ! A private array filled before the inner loop.
  !$acc parallel loop copyin(a) copyout(b) private(p, s)
  do i = 1, n
    p = i
    s = 0
    do k = 1, m
      s = s + a(i, k) * p(k)
    end do
    b(i) = s
  end do
  print '(11I5)', b
  ! A routine called after the inner loop, and the loop variable read there.
  !$acc parallel loop copyin(a) copyout(b) private(s)
  do i = 1, n
    s = 0
    do k = 1, m
      s = s + a(i, k)
    end do
    call bump(s, i)
    b(i) = s
  end do
  print '(11I5)', b
  ! Worker and vector loops inside a gang loop.
  !$acc parallel loop gang copyin(a) copyout(d) private(t)
  do k = 1, m
    !$acc loop worker vector private(s, t)
    do i = 1, n
      s = 0
      do t = 1, k
        s = s + a(i, t)
      end do
      d(i, k) = s
    end do
  end do
  print '(11I5)', d
  ! Gang-single code writes c(k); the vector loop after it reads it.
  c = 0
  !$acc parallel loop gang copyin(a) copy(c) copyout(d)
  do k = 1, m
    c(k) = k * 10
    !$acc loop vector
    do i = 1, n
      d(i, k) = a(i, k) + c(k)
    end do
  end do
  print '(11I5)', d
  print '(11I5)', c
end program unroll_jam_limits
