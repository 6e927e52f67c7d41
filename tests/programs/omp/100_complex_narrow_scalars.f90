! flags: -fopenmp
! Complex, integer(1), integer(2) and logical(8) scalars in target regions: mapped with
! defaultmap(tofrom: scalar), implicitly firstprivate (written on the device, unchanged on
! the host), private in a parallel loop; complex arithmetic, conjg, abs and a declare
! target function of complex arguments on the device; the logical intrinsic's kinds.
module cplx_dev
contains
  logical function same(x, y)
    !$omp declare target
    complex :: x, y
    same = real(x) == real(y) .and. aimag(x) == aimag(y)
  end function
end module

program complex_narrow_scalars
  use cplx_dev
  implicit none
  integer, parameter :: n = 16
  complex :: z, w, a(n), zf
  complex(8) :: d
  integer(1) :: b, bs(n), bf
  integer(2) :: s, ss(n), sf
  logical(8) :: l8, lf
  logical :: ok(n), chk(5)
  real :: mag(n)
  integer :: i

  z = (1, 2)
  d = (0.5d0, -0.25d0)
  b = 8
  s = 23
  l8 = .true.
  !$omp target defaultmap(tofrom: scalar)
  z = z * (0, 1)
  d = d + conjg(d)
  b = b + 1_1
  s = s * 2_2
  l8 = .not. l8
  !$omp end target
  print *, z, d, b, s, l8

  ! Implicitly firstprivate: the device sees the host's values, its writes stay there.
  bf = b
  sf = s
  lf = l8
  zf = z
  !$omp target map(tofrom: chk)
  chk(1) = bf == 9
  chk(2) = sf == 46
  chk(3) = lf .eqv. .false.
  chk(4) = same(zf, (-2, 1))
  chk(5) = abs(zf - (-2, 1)) == 0
  bf = 100
  sf = 1000
  lf = .true.
  zf = (0, 0)
  !$omp end target
  print *, chk, bf, sf, logical(lf, 4), zf

  !$omp target teams distribute parallel do private(w) map(from: a, ok, bs, ss, mag)
  do i = 1, n
    w = cmplx(i, -i) + zf
    a(i) = w * w - w / (2, 0)
    ok(i) = same(a(i), w * w - w / 2)
    bs(i) = int(i, 1) * 7_1
    ss(i) = int(i, 2) * 1000_2
    mag(i) = abs(cmplx(3 * i, 4 * i))
  end do
  print *, a(1), a(n)
  print *, all(ok), bs(n), ss(n), mag(1), mag(n)
  print *, kind(logical(ok(1), 1)), kind(logical(l8)), logical(ok(2:3), kind=8)

  ! The loop of a combined construct writes an implicitly firstprivate complex scalar.
  zf = (1, 2)
  !$omp target teams distribute
  do i = 1, n
    zf = (0, 0)
  end do
  print *, zf
end program
