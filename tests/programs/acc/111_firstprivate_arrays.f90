! `firstprivate` arrays on compute constructs: each gang's copy starts with the values
! the array has when the construct begins; the original is unchanged.
program firstprivate_arrays
  implicit none
  integer, parameter :: n = 50
  integer :: coef(5), b(n), c(n), s(3), i, k
  real(8) :: w(2, 2), r(n)
  coef = [3, -1, 4, -1, 5]
  w = reshape([0.5d0, 0.25d0, -2.0d0, 8.0d0], [2, 2])
  s = 0
  !$acc parallel loop firstprivate(coef) copyout(b)
  do i = 1, n
    b(i) = coef(mod(i, 5) + 1) * i + coef(1)
  end do
  !$acc parallel num_gangs(4) firstprivate(coef, w) copyout(c, r)
  !$acc loop gang
  do i = 1, n
    c(i) = sum(coef) * i - coef(mod(i * 3, 5) + 1)
    r(i) = w(1, 1) * i + w(2, 2) - w(1, 2) * w(2, 1)
  end do
  !$acc end parallel
  !$acc serial firstprivate(coef) copy(s)
  do k = 1, 5
    coef(k) = coef(k) * 2 + k
  end do
  s(1) = sum(coef)
  s(2) = coef(5)
  s(3) = maxval(coef)
  !$acc end serial
  print '(10i6)', b
  print '(10i6)', c
  print '(5f10.3)', r
  print *, s, coef, w
end program firstprivate_arrays
