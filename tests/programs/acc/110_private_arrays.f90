! Private arrays on a `parallel loop collapse(2)` (gang+vector), on `loop vector` inside
! `loop gang`, on `loop worker`, and on a `loop seq` inside a vector loop.
program private_arrays
  implicit none
  integer, parameter :: n = 37, m = 29, nv = 3
  integer :: a(0:n+1, m), b(n, m), c(n, m), d(n, m), e(n, m)
  integer :: tmp(4), vals(nv), w(2, 3)
  integer :: i, j, k, s, h(-1:2, m, 4)
  do j = 1, m
    do i = 0, n + 1
      a(i, j) = mod(i * 7 + j * 13, 23) - 11
    end do
  end do
  tmp = -1
  do k = 1, 4
    do j = 1, m
      do i = -1, 2
        h(i, j, k) = i * 5 + j * 3 - k * 7
      end do
    end do
  end do
  !$acc parallel loop collapse(2) private(tmp, vals) copyin(a) copyout(b)
  do j = 1, m
    do i = 1, n
      do s = 1, 4
        tmp(s) = a(i + s - 3 + mod(s, 2), j) * s
      end do
      do k = 1, nv
        vals(k) = tmp(1) - 3 * tmp(2) + tmp(3) * k - tmp(4)
      end do
      b(i, j) = vals(1) + 2 * vals(2) + 5 * vals(3)
    end do
  end do
  !$acc parallel loop gang copyin(a) copyout(c)
  do j = 1, m
    !$acc loop vector private(vals)
    do i = 1, n
      do k = 1, nv
        vals(k) = a(i - 1, j) + k * a(i + 1, j)
      end do
      c(i, j) = vals(3) - vals(1) * vals(2)
    end do
  end do
  !$acc parallel loop gang num_workers(4) vector_length(32) copyin(a) copyout(d)
  do j = 1, m
    !$acc loop worker private(w)
    do i = 1, n
      do k = 1, 3
        w(1, k) = a(i, j) * k
        w(2, k) = a(i + 1, j) - k
      end do
      d(i, j) = sum(w(1, :)) * w(2, 3) - w(2, 1)
    end do
  end do
  !$acc parallel loop gang vector copyin(a) copyout(e)
  do j = 1, m
    do i = 1, n
      !$acc loop seq private(tmp)
      do k = 1, 2
        tmp(1) = a(i, j) + k
        tmp(2) = tmp(1) * tmp(1)
        tmp(3:4) = tmp(1:2) - j
        e(i, j) = sum(tmp) + k
      end do
    end do
  end do
  !$acc parallel loop copy(h)
  do j = 1, m
    h(-1:0, j, 2) = (h(-1:0, j, 1) + j) * 3
    h(1, j, 1:2) = h(2, j, 3:4) - h(-1, j, 4)
  end do
  print '(10i8)', sum(h(:, :, 1), 2), sum(h(:, :, 2), 2)
  print '(10i8)', sum(b, 1), sum(c, 1), sum(d, 2), sum(e, 1)
  print *, sum(b), sum(c), sum(d), sum(e), tmp
end program private_arrays
