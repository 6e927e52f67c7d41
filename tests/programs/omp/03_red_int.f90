! flags: -fopenmp
! Integer reductions of every operator at the teams + parallel level.
program red_int
  implicit none
  integer, parameter :: n = 3000
  integer :: v(n), i, s, p, mx, mn, ia, io, ie
  do i = 1, n
    v(i) = mod(i * 37, 1001) - 500
  end do
  s = 0
  p = 1
  mx = -huge(mx)
  mn = huge(mn)
  ia = -1
  io = 0
  ie = 0
  !$omp target teams distribute parallel do map(to: v) &
  !$omp& reduction(+:s) reduction(max:mx) reduction(min:mn) &
  !$omp& reduction(iand:ia) reduction(ior:io) reduction(ieor:ie)
  do i = 1, n
    s = s + v(i)
    mx = max(mx, v(i))
    mn = min(mn, v(i))
    ia = iand(ia, v(i) + 1024)
    io = ior(io, v(i) + 1024)
    ie = ieor(ie, v(i) + 1024)
  end do
  !$omp target teams distribute parallel do reduction(*:p)
  do i = 1, 40
    if (mod(i, 7) == 0) p = p * 2
    if (mod(i, 13) == 0) p = p * (-3)
  end do
  print *, s, mx, mn
  print *, ia, io, ie, p
end program red_int
