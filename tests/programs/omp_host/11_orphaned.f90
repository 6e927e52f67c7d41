! flags: -fopenmp
! Orphaned worksharing: a `do` in a procedure called from a parallel region (and from
! serial code, where it runs on a team of one).
module orph
  implicit none
contains
  subroutine fill(a, n, s)
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer, intent(inout) :: s
    integer :: i
    !$omp do reduction(+:s)
    do i = 1, n
      a(i) = a(i) + i
      s = s + i
    end do
    !$omp end do
  end subroutine fill
end module orph

program orphaned
  use orph
  implicit none
  integer :: a(300), s
  a = 0
  s = 0
  !$omp parallel
  call fill(a, 300, s)
  !$omp end parallel
  print *, sum(a), s
  call fill(a, 300, s)
  print *, sum(a), s
end program orphaned
