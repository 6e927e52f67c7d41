! Reduction accumulators may be reassociated (the host code vectorises them with partial
! sums), other sums may not. The reductions (+ and * over reals, in gang vector loops, a
! vector loop inside a gang loop and a whole region) use exact data, so every order gives
! the same bits; the sums that are not reductions (a host loop, a sequential loop inside a
! gang loop with a private accumulator, a reduction variable also updated by `-` and by a
! second `+` term) use inexact data, printed in full, so only gfortran's left-to-right order
! matches.
program reduction_reassociation
  implicit none
  integer, parameter :: n = 1000, m = 37
  real(8) :: x(n), y(m, m), rows(m), s, p, h, t, d
  real(4) :: s4
  integer :: i, j
  do i = 1, n
    x(i) = real(mod(i * 7, 64), 8) * 0.25d0
  end do
  do j = 1, m
    do i = 1, m
      y(i, j) = 1.0d0 / real(i + 3 * j, 8)
    end do
  end do

  s = 0.0d0
  !$acc parallel loop gang vector reduction(+:s) copyin(x)
  do i = 1, n
    s = s + x(i)
  end do
  print '(a, f16.4)', 'sum', s

  s4 = 0.0
  !$acc parallel loop reduction(+:s4) copyin(x)
  do i = 1, n
    s4 = s4 + real(x(i), 4) * 2.0
  end do
  print '(a, f16.4)', 'sum4', s4

  p = 1.0d0
  !$acc parallel loop gang vector reduction(*:p)
  do i = 1, 60
    p = p * merge(2.0d0, 0.5d0, mod(i, 3) /= 0)
  end do
  print '(a, es24.16)', 'prod', p

  ! A vector reduction inside a gang loop; its row sums are exact.
  !$acc parallel loop gang copyin(x) copyout(rows) private(t)
  do j = 1, m
    t = 0.0d0
    !$acc loop vector reduction(+:t)
    do i = 1, n
      t = t + x(i) * real(j, 8)
    end do
    rows(j) = t
  end do
  print '(a, 2f16.4)', 'rows', rows(1), rows(m)

  ! Not reductions: a private accumulator of a sequential loop in a gang loop ...
  !$acc parallel loop gang copyin(y) copyout(rows) private(t)
  do j = 1, m
    t = 0.0d0
    do i = 1, m
      t = t + y(i, j)
    end do
    rows(j) = t
  end do
  print '(a, 2es25.17)', 'seq', rows(1), rows(m)

  ! ... and a host loop.
  h = 0.0d0
  do i = 1, m
    h = h + y(i, 1) * 3.0d0
  end do
  print '(a, es25.17)', 'host', h

  ! A reduction variable updated by `-` and by a sum of two terms (only its own `+` of one
  ! term may be reassociated); exact data again.
  d = 0.0d0
  !$acc parallel loop reduction(+:d) copyin(x)
  do i = 1, n
    d = d + x(i) - 1.0d0
    d = d + (x(i) + 0.5d0)
  end do
  print '(a, f16.4)', 'mixed', d
end program reduction_reassociation
