! Recursive determinant by cofactor expansion along the first row: a recursive function
! with a result clause and an automatic local array (the minor) sized from its argument,
! checked against the product of pivots from elimination on leading submatrices copied
! into automatic arrays of an internal subroutine, on integer-valued matrices
! whose determinants are exact; also the permutation-sign formula for 3x3.
program determinant
  implicit none
  real(8) :: a(5,5), b(3,3)
  integer :: i, j, n
  do j = 1, 5
    do i = 1, 5
      a(i,j) = real(mod(i * i + 3 * j, 7) - 3, 8)
    end do
  end do
  do n = 1, 5
    call leading(n)
  end do
  b(1,:) = [2.0d0, -1.0d0, 3.0d0]
  b(2,:) = [0.0d0, 4.0d0, 1.0d0]
  b(3,:) = [5.0d0, 2.0d0, -2.0d0]
  print '(A,F8.1,A,F8.1)', '3x3 rule of Sarrus:', sarrus(b), ' recursive:', det(b, 3)
  ! a singular matrix: two equal rows
  a(2,:) = a(4,:)
  print '(A,F8.1)', 'singular det:', det(a, 5)
contains
  subroutine leading(k)
    integer, intent(in) :: k
    real(8) :: lead(k,k)
    lead = a(1:k,1:k)
    print '(A,I2,A,F12.1,A,F12.1)', 'n=', k, ' cofactor det:', det(lead, k), &
      ' elimination:', elim_det(lead, k)
  end subroutine leading
  recursive real(8) function det(m, k) result(d)
    integer, intent(in) :: k
    real(8), intent(in) :: m(k,k)
    real(8) :: minor(k-1, k-1)
    integer :: c, s
    if (k == 1) then
      d = m(1,1)
      return
    end if
    d = 0
    s = 1
    do c = 1, k
      minor(:, 1:c-1) = m(2:k, 1:c-1)
      minor(:, c:k-1) = m(2:k, c+1:k)
      d = d + s * m(1,c) * det(minor, k - 1)
      s = -s
    end do
  end function det
  real(8) function elim_det(m, k)
    integer, intent(in) :: k
    real(8), intent(in) :: m(k,k)
    real(8) :: w(k,k), row(k), f
    integer :: c, r, p
    w = m
    elim_det = 1
    do c = 1, k
      p = c - 1 + maxloc(abs(w(c:k, c)), dim=1)
      if (w(p,c) == 0) then
        elim_det = 0
        return
      end if
      if (p /= c) then
        row = w(c,:); w(c,:) = w(p,:); w(p,:) = row
        elim_det = -elim_det
      end if
      elim_det = elim_det * w(c,c)
      do r = c + 1, k
        f = w(r,c) / w(c,c)
        w(r,c:k) = w(r,c:k) - f * w(c,c:k)
      end do
    end do
    elim_det = anint(elim_det)
  end function elim_det
  real(8) function sarrus(m)
    real(8), intent(in) :: m(3,3)
    sarrus = m(1,1)*m(2,2)*m(3,3) + m(1,2)*m(2,3)*m(3,1) + m(1,3)*m(2,1)*m(3,2) &
           - m(1,3)*m(2,2)*m(3,1) - m(1,1)*m(2,3)*m(3,2) - m(1,2)*m(2,1)*m(3,3)
  end function sarrus
end program determinant
