! `num_workers` on a construct with gang loops only: the code is worker-single, so it runs
! once per gang iteration whatever the clause says (gpuf launches one worker then, and does
! not neuter worker-single code for more). Atomic counts and a sum show any duplication.
program num_workers_without_worker_loops
  implicit none
  integer, parameter :: n = 40
  integer :: hits, i, k
  integer :: a(n)
  real(8) :: s

  hits = 0
  !$acc parallel loop gang num_gangs(3) num_workers(4) copy(hits) copyout(a)
  do i = 1, n
    a(i) = 2 * i
    !$acc atomic update
    hits = hits + 1
    !$acc end atomic
  end do
  print '(a, i6, i8)', 'hits', hits, sum(a)

  s = 0.0d0
  !$acc parallel num_gangs(2) num_workers(8) vector_length(32) reduction(+:s)
  !$acc loop gang vector
  do k = 1, 64
    s = s + real(k, 8)
  end do
  !$acc end parallel
  print '(a, f10.1)', 'sum', s
end program num_workers_without_worker_loops
