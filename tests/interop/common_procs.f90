! Procedures and initial values of the common blocks of common_main.f90.
subroutine fill(n)
  implicit none
  integer, intent(in) :: n
  integer :: i, counts(3)
  real(8) :: d
  character(6) :: label
  common /shared/ i, d, label, counts
  i = i + n
  d = d * n
  label(1:3) = 'new'
  counts = counts + [1, 2, 3]
end subroutine

subroutine report(first, total, gsum)
  implicit none
  integer, intent(out) :: first, total
  real, intent(out) :: gsum
  integer :: k, c(3)
  real(8) :: e
  character(6) :: s
  real :: g(4)
  common /shared/ k, e, s, c
  common g
  first = k
  total = sum(c) + len_trim(s)
  gsum = sum(g) + real(e)
end subroutine

subroutine mod_fill(k)
  implicit none
  integer, intent(in) :: k
  integer(2) :: n
  real(8) :: w(3)
  character(3) :: c
  common /modblk/ n, w, c
  n = n * int(k, 2)
  w(2) = w(1) + w(3) + k
  c(2:2) = 'Z'
end subroutine

block data shared_init
  implicit none
  integer :: i, counts(3)
  real(8) :: d
  character(6) :: label
  real :: grid(2, 2)
  common /shared/ i, d, label, counts
  common grid
  data i /10/, d /1.25d0/, label /'oldval'/, counts /7, 8, 9/
  data grid /1.0, 2.0, 3.0, 4.0/
end block data
