! flags: -fopenmp
! `declare target` module variables: one device copy for the whole program, reached by
! `target update` and used in target regions without a map; a `link` variable is mapped.
module dt_vars
  implicit none
  integer :: total = 0
  integer :: table(16)
  real(8) :: scale
  integer :: linked(8)
  !$omp declare target to(total, table)
  !$omp declare target (scale)
  !$omp declare target link(linked)
end module dt_vars

program declare_target_vars
  use dt_vars
  implicit none
  integer :: i, s
  do i = 1, 16
    table(i) = i * i
  end do
  scale = 0.5d0
  total = 7
  !$omp target update to(table, scale, total)
  !$omp target teams distribute parallel do
  do i = 1, 16
    table(i) = table(i) + 1
  end do
  !$omp target
  do i = 1, 16
    total = total + table(i)
  end do
  scale = scale * 4
  !$omp end target
  !$omp target update from(total, scale)
  !$omp target update from(table(3:4))
  print *, total, scale, table(3), table(4)
  ! A map of a declare-target variable does not copy: the device copy stays.
  !$omp target map(tofrom: total)
  total = total + 1
  !$omp end target
  !$omp target update from(total)
  print *, total
  linked = 2
  s = 0
  !$omp target map(to: linked) map(tofrom: s)
  do i = 1, 8
    s = s + linked(i) * i
  end do
  !$omp end target
  print *, s
end program declare_target_vars
