! flags: -fopenmp
! real(8) reductions (+ * max min) with dyadic data, exact in any order.
program red_real8
  implicit none
  integer, parameter :: n = 4096
  real(8) :: x(n), s, p, mx, mn
  integer :: i
  do i = 1, n
    x(i) = real(mod(i * 13, 257) - 128, 8) * 0.25d0
  end do
  s = 0
  p = 1
  mx = -1.0d300
  mn = 1.0d300
  !$omp target teams distribute parallel do map(to: x) reduction(+:s) reduction(max:mx) reduction(min:mn)
  do i = 1, n
    s = s + x(i)
    mx = max(mx, x(i))
    mn = min(mn, x(i))
  end do
  !$omp target teams distribute parallel do reduction(*:p)
  do i = 1, 64
    if (mod(i, 8) == 0) then
      p = p * 2.0d0
    else if (mod(i, 5) == 0) then
      p = p * 0.5d0
    end if
  end do
  print *, s, mx, mn, p
end program red_real8
