! Tests: a module with parameters, variables and procedures; use with only and renames;
! module variables shared between procedures; save semantics of module data.
module counters
  implicit none
  integer, parameter :: nmax = 5
  integer :: hits = 0
  real(8) :: weight = 1.5d0
contains
  subroutine hit(k)
    integer, intent(in) :: k
    hits = hits + k
  end subroutine hit
  function doubled(x) result(y)
    real(8), intent(in) :: x
    real(8) :: y
    y = 2.0d0 * x * weight
  end function doubled
end module counters

program use_module
  use counters, only: hit, hits, twice => doubled, nmax
  implicit none
  integer :: i
  do i = 1, nmax
    call hit(i)
  end do
  print *, 'hits =', hits
  print '(F8.3)', twice(1.25d0)
  call report()
contains
  subroutine report()
    use counters, only: weight
    print '(A, F5.2)', 'weight ', weight
  end subroutine report
end program use_module
