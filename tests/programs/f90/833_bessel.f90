! bessel_j0, bessel_j1, bessel_jn, bessel_y0, bessel_y1, bessel_yn of real(4), real(8) and
! real(16) (the C library's and libquadmath's functions), elemental over arrays, and the
! rank-1 forms bessel_jn(n1, n2, x) and bessel_yn(n1, n2, x) (libgfortran's recurrences).
program bessel
  implicit none
  integer :: z, k
  real :: x(5)
  real(8) :: d(5)
  real(16) :: q(2)
  real, allocatable :: r(:)
  real(8) :: rd(6)
  z = command_argument_count()
  x = [0.5, 1.0, 2.5, 10.0, 0.0] + z
  d = [0.5d0, 1d0, 2.5d0, 10d0, 0d0] + z
  q = [0.75_16, 3.0_16] + z
  print *, bessel_j0(x), bessel_j1(x)
  print *, bessel_y0(x(1:4)), bessel_y1(x(1:4))
  print *, bessel_jn(3, x), bessel_yn(2, x(1:4)), bessel_y0(x(5)), bessel_yn(1, 0.0 + z)
  print *, bessel_j0(d), bessel_j1(d)
  print *, bessel_y0(d(1:4)), bessel_y1(d(1:4))
  print *, bessel_jn([0, 1, 2, 5, 7] + z, d), bessel_yn(4 + z, d(2))
  print *, bessel_j0(q), bessel_j1(q), bessel_y0(q), bessel_y1(q)
  print *, bessel_jn(2 + z, q), bessel_yn(3 + z, q)
  do k = 1, 5
    print *, bessel_jn(0 + z, 4 + z, x(k))
    print *, bessel_yn(1 + z, 5 + z, x(k))
    print *, bessel_jn(2 + z, 7 + z, d(k))
    print *, bessel_yn(0 + z, 5 + z, d(k))
  end do
  r = bessel_jn(1 + z, 3 + z, x(3))
  print *, size(r), r
  rd = bessel_yn(n1=z, n2=5 + z, x=d(4))
  print *, rd
  print *, bessel_jn(3 + z, 3 + z, 2.0_16 + z), size(bessel_jn(4 + z, 3 + z, 1.0))
  print *, bessel_jn(1 + z, 2 + z, q(2))
end program
