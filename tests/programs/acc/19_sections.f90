! Tests: data clauses with array sections: copyin(a(1:n)), copyout(b(2:n-1)), copy(c(10:20)), create(t(1:n)),
!        present(section), rank-2 column sections copyin(m(1:nr, 2:5)); host values outside copyout sections
!        stay intact
program p19_sections
  implicit none
  integer, parameter :: n = 100, nr = 33, nc = 6
  integer :: i, j
  real(4) :: a(n), b(n), c(n), t(n)
  integer :: m(nr, nc), colsum(nc)
  real(4) :: sb, sc

  do i = 1, n
    a(i) = real(i)
    b(i) = -7.0
    c(i) = 1.0
    t(i) = 0.0
  end do
  do j = 1, nc
    do i = 1, nr
      m(i, j) = i * j
    end do
  end do
  colsum = -1

  !$acc parallel loop copyin(a(1:n)) copyout(b(2:n-1))
  do i = 2, n - 1
    b(i) = a(i - 1) + a(i + 1)
  end do

  !$acc parallel loop copy(c(10:20))
  do i = 10, 20
    c(i) = c(i) * 4.0 + real(i)
  end do

  !$acc data copyin(a(1:n)) create(t(1:n)) copy(c(1:50))
  !$acc parallel loop present(a(1:n), t(1:n))
  do i = 1, n
    t(i) = a(i) * 0.5
  end do
  !$acc parallel loop present(t, c(1:50))
  do i = 1, 50
    c(i) = c(i) + t(i)
  end do
  !$acc end data

  !$acc parallel loop copyin(m(1:nr, 2:5)) copyout(colsum(2:5))
  do j = 2, 5
    colsum(j) = 0
    !$acc loop seq
    do i = 1, nr
      colsum(j) = colsum(j) + m(i, j)
    end do
  end do

  sb = 0.0
  sc = 0.0
  do i = 1, n
    sb = sb + b(i)
    sc = sc + c(i)
  end do
  print *, 'b(1), b(2), b(n-1), b(n) =', b(1), b(2), b(n - 1), b(n)
  print '(A, F10.2)', 'sum(b) = ', sb
  print *, 'c(9), c(10), c(20), c(21), c(50), c(51) =', c(9), c(10), c(20), c(21), c(50), c(51)
  print '(A, F10.2)', 'sum(c) = ', sc
  print '(A, 6I6)', 'colsum = ', colsum(1), colsum(2), colsum(3), colsum(4), colsum(5), colsum(6)
end program p19_sections
