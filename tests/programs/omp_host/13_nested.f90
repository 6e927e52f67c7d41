! flags: -fopenmp
! A parallel region inside another (serialised by libgomp by default) and a parallel
! region in a subroutine with dummy arguments.
program nested
  use omp_lib
  implicit none
  integer :: cnt, inner, a(50)
  cnt = 0
  inner = 0
  !$omp parallel
  !$omp parallel
  !$omp atomic
  inner = inner + omp_get_num_threads()
  !$omp end parallel
  !$omp atomic
  cnt = cnt + 1
  !$omp end parallel
  print *, inner == cnt
  call work(a, 50, 3)
  print *, sum(a)
contains
  subroutine work(x, n, f)
    integer, intent(in) :: n, f
    integer, intent(out) :: x(n)
    integer :: i
    !$omp parallel do
    do i = 1, n
      x(i) = f * i
    end do
  end subroutine work
end program nested
