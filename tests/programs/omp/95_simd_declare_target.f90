! flags: -fopenmp
! A `simd` loop in a `declare target` procedure, called from the threads of a target
! region: the procedure runs on the thread that calls it, its `simd` loop sequentially.
module simd_proc
  implicit none
contains
  subroutine scale_row(v, n, f, s)
    !$omp declare target
    integer, intent(in) :: n, f
    integer, intent(inout) :: v(n)
    integer, intent(out) :: s
    integer :: i
    s = 0
    !$omp simd reduction(+:s)
    do i = 1, n
      v(i) = v(i) * f + i
      s = s + v(i)
    end do
  end subroutine
end module

program simd_declare_target
  use simd_proc
  implicit none
  integer, parameter :: n = 40, k = 12
  integer :: a(n, k), sums(k), j
  a = 1
  !$omp target teams distribute parallel do map(tofrom: a) map(from: sums)
  do j = 1, k
    call scale_row(a(1, j), n, j, sums(j))
  end do
  print '(6i8)', sums
  print '(i10)', sum(a)
end program
