! Tests: kernels/end kernels with several loops, if/else if/else and do while inside kernels, loop
!        independent, loop seq (prefix sum), kernels loop independent, create
program p02_kernels
  implicit none
  integer, parameter :: n = 777
  integer :: i, k, steps
  integer :: a(n), b(n), cnt(n), pre(n)
  real(4) :: x(n), y(n)
  integer :: sb, sc, maxc

  do i = 1, n
    a(i) = mod(i * 37, 101)
    x(i) = real(i) * 0.5
    y(i) = 0.0
  end do

  !$acc kernels copyin(a) copyout(b, cnt, pre) copy(x) create(y)
  !$acc loop independent
  do i = 1, n
    if (a(i) > 50) then
      b(i) = a(i) - 50
    else if (a(i) == 50) then
      b(i) = 1000
    else
      b(i) = -a(i)
    end if
  end do

  !$acc loop independent private(k, steps)
  do i = 1, n
    ! Collatz step count of a(i) + 1
    k = a(i) + 1
    steps = 0
    do while (k /= 1)
      if (mod(k, 2) == 0) then
        k = k / 2
      else
        k = 3 * k + 1
      end if
      steps = steps + 1
    end do
    cnt(i) = steps
  end do

  !$acc loop
  do i = 1, n
    y(i) = x(i) * 2.0
  end do

  !$acc loop
  do i = 1, n
    x(i) = y(i) + 1.0
  end do

  ! sequential prefix sum on the device
  pre(1) = a(1)
  !$acc loop seq
  do i = 2, n
    pre(i) = pre(i - 1) + a(i)
  end do
  !$acc end kernels

  !$acc kernels loop independent copy(b)
  do i = 1, n
    if (b(i) == 1000) then
      b(i) = 0
    end if
  end do

  sb = 0
  sc = 0
  maxc = 0
  do i = 1, n
    sb = sb + b(i)
    sc = sc + cnt(i)
    maxc = max(maxc, cnt(i))
  end do

  print *, 'b(1:6) =', b(1), b(2), b(3), b(4), b(5), b(6)
  print *, 'sum(b) =', sb
  print *, 'cnt(1:8) =', cnt(1), cnt(2), cnt(3), cnt(4), cnt(5), cnt(6), cnt(7), cnt(8)
  print '(A, I8, A, I6)', 'sum(cnt) =', sc, '  max(cnt) =', maxc
  print *, 'x(1), x(n) =', x(1), x(n)
  print '(A, F12.2)', 'sum(x) = ', sum(x)
  print '(A, I8, I8)', 'pre(10), pre(n) = ', pre(10), pre(n)
end program p02_kernels
