! flags: -fopenmp
! Misuse of `declare target`: a local variable that is not saved, an unknown name, no list
! outside a procedure; a module variable in a device procedure is not implemented yet.
module dt_errs
  implicit none
  integer :: ok
!$omp declare target
!$omp declare target to(ok, nosuch)
contains
  subroutine s(n)
    integer :: n, local
    !$omp declare target to(local)
    local = n
  end subroutine s
  subroutine bump()
    !$omp declare target
    ok = ok + 1
  end subroutine bump
end module dt_errs
