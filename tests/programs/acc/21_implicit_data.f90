! Tests: implicit data attributes: arrays without data clauses in parallel/kernels (implicit copy), scalars
!        without clauses (implicit firstprivate in parallel, implicit copy in kernels), reduction scalar
!        without data clause, parameter constants in compute regions
program p21_implicit_data
  implicit none
  integer, parameter :: n = 777
  real(8), parameter :: half = 0.5d0
  integer :: i
  integer :: a(n), b(n)
  real(8) :: x(n)
  integer :: k, s, cnt
  real(8) :: factor

  do i = 1, n
    a(i) = i
    b(i) = 0
    x(i) = 0.0d0
  end do
  k = 3
  factor = 0.25d0

  ! no data clauses at all: a, b implicitly copied, k firstprivate
  !$acc parallel loop
  do i = 1, n
    b(i) = a(i) * k
  end do

  ! kernels with no data clauses
  !$acc kernels
  do i = 1, n
    x(i) = dble(b(i)) * factor + half
  end do
  !$acc end kernels

  ! reduction scalar with no data clause on the construct
  s = 0
  !$acc parallel loop reduction(+:s)
  do i = 1, n
    s = s + b(i) - a(i)
  end do

  ! scalar updated in kernels (no clause: implicit copy), then in serial with copy
  cnt = 0
  !$acc kernels
  cnt = cnt + 5
  !$acc end kernels
  !$acc serial copy(cnt)
  do i = 1, 10
    cnt = cnt * 2
  end do
  !$acc end serial

  print *, 'b(1), b(n) =', b(1), b(n)
  print *, 'x(1), x(n) =', x(1), x(n)
  print '(A, F14.3)', 'sum(x) = ', sum(x)
  print '(A, I10)', 's = ', s
  print '(A, I10)', 'cnt = ', cnt
end program p21_implicit_data
