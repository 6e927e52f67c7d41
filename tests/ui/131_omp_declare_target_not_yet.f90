! flags: -fopenmp
! `requires` clauses gpuf cannot honour (and one it can), a misspelled clause of
! `declare target`: located diagnostics.
module dt_nyi
  implicit none
!$omp requires reverse_offload
!$omp requires atomic_default_mem_order(seq_cst)
  integer :: count
!$omp declare target to(count)
!$omp declare target too(count)
end module dt_nyi
