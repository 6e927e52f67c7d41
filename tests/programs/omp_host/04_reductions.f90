! flags: -fopenmp
! Reductions of every operator and intrinsic on `parallel do` over exact data.
program reductions
  implicit none
  integer, parameter :: n = 1000
  integer :: i, isum, iprod, imax, imin, ia, io, ix
  integer(8) :: lsum
  real(4) :: rsum, rmax
  real(8) :: dsum, dmin, dprod
  logical :: land, lor, leqv, lneqv
  isum = 0; iprod = 1; imax = -huge(1); imin = huge(1); ia = -1; io = 0; ix = 0
  lsum = 0; rsum = 0; rmax = -1; dsum = 0; dmin = 1d30; dprod = 1
  land = .true.; lor = .false.; leqv = .true.; lneqv = .false.
  !$omp parallel do reduction(+:isum, lsum, rsum, dsum) reduction(max:imax, rmax) reduction(min:imin, dmin)
  do i = 1, n
    isum = isum + i
    lsum = lsum + int(i, 8) * 100000
    rsum = rsum + 0.5
    dsum = dsum + 0.25d0 * i
    imax = max(imax, mod(i * 37, 1001))
    rmax = max(rmax, real(mod(i, 17)))
    imin = min(imin, mod(i * 13, 997) + 5)
    dmin = min(dmin, dble(i) / 4)
  end do
  print *, isum, lsum, rsum, dsum
  print *, imax, rmax, imin, dmin
  !$omp parallel do reduction(*:iprod, dprod)
  do i = 1, 20
    if (mod(i, 5) == 0) iprod = iprod * 2
    if (mod(i, 4) == 0) dprod = dprod * 0.5d0
  end do
  print *, iprod, dprod
  !$omp parallel do reduction(iand:ia) reduction(ior:io) reduction(ieor:ix)
  do i = 1, 64
    ia = iand(ia, not(ishft(1, mod(i, 7))))
    io = ior(io, ishft(1, mod(i, 11)))
    ix = ieor(ix, i)
  end do
  print *, ia, io, ix
  !$omp parallel do reduction(.and.:land) reduction(.or.:lor) reduction(.eqv.:leqv) reduction(.neqv.:lneqv)
  do i = 1, 100
    land = land .and. (i < 1000)
    lor = lor .or. (i == 77)
    leqv = leqv .eqv. (mod(i, 10) == 0)
    lneqv = lneqv .neqv. (mod(i, 3) == 0)
  end do
  print *, land, lor, leqv, lneqv
  isum = 5
  !$omp parallel reduction(+:isum)
  isum = isum + 1
  !$omp end parallel
  print *, isum > 5
end program reductions
