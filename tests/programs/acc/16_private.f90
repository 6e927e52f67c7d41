! Tests: private scalars, private small array per gang iteration, firstprivate scalars (read-only use),
!        private on loop and on parallel, private on loop inside kernels
program p16_private
  implicit none
  integer, parameter :: n = 500, nt = 4
  integer :: i, k, t, u
  integer :: a(n), b(n), c(n)
  real(8) :: tmp(nt), scale, offset, acc8
  real(8) :: d(n)
  integer :: base, sb, sc
  real(8) :: sd

  do i = 1, n
    a(i) = mod(i * 13, 97)
  end do
  scale = 0.5d0
  offset = 3.0d0
  base = 1000

  ! private scalars t and u
  !$acc parallel loop private(t, u) copyin(a) copyout(b)
  do i = 1, n
    t = a(i) * 2
    u = t + i
    b(i) = t * u
  end do

  ! private array per gang iteration, firstprivate scalars
  !$acc parallel loop gang private(tmp, acc8, k) firstprivate(scale, offset) copyin(a) copyout(d)
  do i = 1, n
    do k = 1, nt
      tmp(k) = dble(a(i) + k) * scale
    end do
    acc8 = offset
    do k = nt, 1, -1
      acc8 = acc8 + tmp(k) * dble(k)
    end do
    d(i) = acc8
  end do

  ! firstprivate and private on the parallel construct, loop inside
  !$acc parallel firstprivate(base) private(t) copyin(a) copyout(c)
  !$acc loop private(t)
  do i = 1, n
    t = a(i) + base
    c(i) = t - i
  end do
  !$acc end parallel

  ! private on a loop inside kernels
  !$acc kernels copy(c) copyin(a)
  !$acc loop independent private(t)
  do i = 1, n
    t = c(i) * 3
    c(i) = t - a(i)
  end do
  !$acc end kernels

  sb = 0
  sc = 0
  sd = 0.0d0
  do i = 1, n
    sb = sb + b(i)
    sc = sc + c(i)
    sd = sd + d(i)
  end do
  print *, 'b(1), b(n) =', b(1), b(n)
  print *, 'd(1), d(n) =', d(1), d(n)
  print *, 'c(1), c(n) =', c(1), c(n)
  print '(A, I12)', 'sum(b) = ', sb
  print '(A, F14.3)', 'sum(d) = ', sd
  print '(A, I12)', 'sum(c) = ', sc
  print '(A, F6.2, F6.2, I6)', 'scale, offset, base unchanged: ', scale, offset, base
end program p16_private
