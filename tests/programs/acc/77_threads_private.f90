! Private and firstprivate data per gang when gangs run on several host threads: a private
! array per gang iteration, a firstprivate array and scalar read by every gang, private
! scalars, a collapsed nest with a private temporary; results independent of the gang count.
program threads_private
  implicit none
  integer, parameter :: n = 2000, m = 8
  integer :: i, j, k, t, off
  integer :: tmp(m), w(m), out(n), tot(n)
  integer :: grid(64, 48)
  real(8) :: acc8, x(n)
  do k = 1, m
    w(k) = k * k
  end do
  off = 3
  !$acc parallel loop private(tmp, t) firstprivate(w, off) copyout(out)
  do i = 1, n
    do k = 1, m
      tmp(k) = mod(i * k, 11) + w(k)
    end do
    t = 0
    do k = 1, m
      t = t + tmp(k) * (m - k + 1)
    end do
    out(i) = t + off
  end do
  print *, sum(out), out(1), out(n / 2), out(n)
  !$acc parallel loop gang private(tmp) copyout(tot)
  do i = 1, n
    !$acc loop seq
    do k = 1, m
      tmp(k) = i + k
    end do
    tot(i) = tmp(1) + tmp(m)
  end do
  print *, sum(tot), tot(7)
  !$acc parallel loop collapse(2) private(t) copyout(grid)
  do j = 1, 48
    do i = 1, 64
      t = i * 100 + j
      grid(i, j) = t - 2 * j
    end do
  end do
  print *, sum(grid), grid(64, 48), grid(1, 1)
  !$acc parallel loop private(acc8) copyout(x)
  do i = 1, n
    acc8 = 0.5d0
    do k = 1, 4
      acc8 = acc8 * 2d0
    end do
    x(i) = acc8 + i
  end do
  print *, sum(x), x(n)
end program threads_private
