! Legacy (FORTRAN 77 style) specification statements in free form: implicit typing,
! `parameter (...)` and `dimension` statements, `double precision`, DATA, arrays passed
! with adjustable and assumed-size bounds, external functions typed by declaration,
! `allocatable` as a statement, and old intrinsic names (dble, float, sngl).
program legacy_style
  implicit double precision (a-h, o-z)
  parameter (n = 5, m = 3)
  parameter (pi = 3.140625d0)
  dimension a(n, m), v(n), iw(n)
  integer total
  double precision dot
  external dot
  allocatable :: buf(:)
  data iw /1, 2, 3, 4, 5/
  do j = 1, m
    do i = 1, n
      a(i, j) = dble(i) + 10.0d0 * j
    end do
  end do
  do i = 1, n
    v(i) = float(iw(i)) / 2
  end do
  call colsum(a, n, m, total)
  print *, 'total', total
  print '(F12.4)', dot(v, v, n)
  print '(F12.6)', pi * 2
  allocate(buf(m))
  buf = a(n, :)
  print '(3F8.2)', buf
  print *, sngl(pi), n * m
end program legacy_style

subroutine colsum(x, ld, nc, isum)
  implicit double precision (a-h, o-z)
  dimension x(ld, *)
  isum = 0
  do j = 1, nc
    s = 0
    do i = 1, ld
      s = s + x(i, j)
    end do
    isum = isum + int(s)
  end do
end subroutine colsum

double precision function dot(x, y, k)
  dimension x(k), y(k)
  double precision x, y
  dot = 0
  do i = 1, k
    dot = dot + x(i) * y(i)
  end do
end function dot
