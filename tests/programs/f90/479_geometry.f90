! Computational geometry on integer coordinates: polygon area by the shoelace formula
! (twice the area is an integer), orientation tests with cross products, point-in-polygon
! by ray casting, Andrew's monotone-chain convex hull after sorting points, and the
! lattice points on edges (gcd) with Pick's theorem for interior points.
program geometry
  implicit none
  integer, parameter :: np = 12
  integer :: hx(2*np), hy(2*np), px(np), py(np), hull(2*np), nh, k, i, t, j, a2, bpts, tx(3), ty(3)
  integer :: qx(6) = [1, 4, 9, 5, 0, 3], qy(6) = [1, 2, 3, 7, 3, 4]
  integer :: poly_x(6) = [0, 8, 8, 4, 4, 0], poly_y(6) = [0, 0, 6, 6, 3, 3]
  px = [0, 5, 3, 9, 2, 7, 4, 8, 1, 6, 3, 5]
  py = [0, 1, 4, 2, 7, 6, 3, 8, 3, 4, 9, 5]
  a2 = area2(poly_x, poly_y, 6)
  print '(A,I5,A,F8.1)', 'twice area of L-shape:', a2, ' area:', a2 / 2.0
  bpts = 0
  do i = 1, 6
    j = mod(i, 6) + 1
    bpts = bpts + gcd(abs(poly_x(j) - poly_x(i)), abs(poly_y(j) - poly_y(i)))
  end do
  print '(A,I4,A,I4)', 'boundary lattice points:', bpts, ' interior (Pick):', (a2 - bpts + 2) / 2
  do i = 1, 6
    print '(A,2I3,A,L2)', 'point', qx(i), qy(i), ' inside:', inside(qx(i), qy(i))
  end do
  ! sort points by x then y (insertion sort)
  do i = 2, np
    tx(1) = px(i); ty(1) = py(i)
    j = i - 1
    do while (j >= 1)
      if (px(j) < tx(1) .or. (px(j) == tx(1) .and. py(j) <= ty(1))) exit
      px(j+1) = px(j); py(j+1) = py(j)
      j = j - 1
    end do
    px(j+1) = tx(1); py(j+1) = ty(1)
  end do
  k = 0
  do i = 1, np
    do while (k >= 2)
      if (cross(hull(k-1), hull(k), i) > 0) exit
      k = k - 1
    end do
    k = k + 1; hull(k) = i
  end do
  t = k + 1
  do i = np - 1, 1, -1
    do while (k >= t)
      if (cross(hull(k-1), hull(k), i) > 0) exit
      k = k - 1
    end do
    k = k + 1; hull(k) = i
  end do
  nh = k - 1
  print '(A,I3)', 'hull vertices:', nh
  print '(10(A,I0,A,I0,A))', ('(', px(hull(i)), ',', py(hull(i)), ') ', i = 1, nh)
  do i = 1, nh
    hx(i) = px(hull(i)); hy(i) = py(hull(i))
  end do
  print '(A,I5)', 'twice hull area:', area2(hx, hy, nh)
contains
  integer function cross(o, a, b)
    integer, intent(in) :: o, a, b
    cross = (px(a) - px(o)) * (py(b) - py(o)) - (py(a) - py(o)) * (px(b) - px(o))
  end function cross
  integer function area2(x, y, n)
    integer, intent(in) :: n, x(n), y(n)
    integer :: p, q
    area2 = 0
    do p = 1, n
      q = mod(p, n) + 1
      area2 = area2 + x(p) * y(q) - x(q) * y(p)
    end do
    area2 = abs(area2)
  end function area2
  integer function gcd(a, b)
    integer, intent(in) :: a, b
    integer :: u, v, r
    u = a; v = b
    do while (v /= 0)
      r = mod(u, v); u = v; v = r
    end do
    gcd = u
  end function gcd
  logical function inside(x, y)
    integer, intent(in) :: x, y
    integer :: p, q
    inside = .false.
    do p = 1, 6
      q = mod(p, 6) + 1
      if ((poly_y(p) > y) .neqv. (poly_y(q) > y)) then
        ! compare x with the crossing point without division
        if ((x - poly_x(p)) * (poly_y(q) - poly_y(p)) * sign(1, poly_y(q) - poly_y(p)) < &
            (poly_x(q) - poly_x(p)) * (y - poly_y(p)) * sign(1, poly_y(q) - poly_y(p))) &
          inside = .not. inside
      end if
    end do
  end function inside
end program geometry
