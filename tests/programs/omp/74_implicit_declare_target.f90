! flags: -fopenmp
! OpenMP 5.0's implicit `declare target`: procedures of the file called in a target region
! or in a device procedure are device procedures too (transitively, whichever comes first
! in the file); task reductions: a target task and a host task with `in_reduction` in a
! `taskgroup` with `task_reduction` both add to the shared original.
program implicit_declare_target
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), i, s
  do i = 1, n
    a(i) = i
  end do
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = outer(a(i))
  end do
  s = 0
  !$omp parallel master
  !$omp taskgroup task_reduction(+: s)
  !$omp target in_reduction(+: s) map(to: a)
  call add_all(a, s)
  !$omp end target
  !$omp task in_reduction(+: s)
  s = s + 1000
  !$omp end task
  !$omp end taskgroup
  !$omp end parallel master
  print *, a(1), a(n), sum(a), s
contains
  integer function inner(x)
    integer, intent(in) :: x
    inner = x * x
  end function inner
  integer function outer(x)
    integer, intent(in) :: x
    outer = inner(x) + 1
  end function outer
  subroutine add_all(v, t)
    integer, intent(in) :: v(n)
    integer, intent(inout) :: t
    integer :: k
    do k = 1, n
      t = t + v(k)
    end do
  end subroutine add_all
end program
