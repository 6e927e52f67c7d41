! `include 'mpif.h'` (Open MPI's header: common blocks shared with the MPI library, such as
! the one whose address is MPI_STATUS_IGNORE): a message around a ring, received with
! MPI_STATUS_IGNORE, and a sum over all ranks.
program mpif_sum
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, token, total, status(MPI_STATUS_SIZE)
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  if (rank == 0) then
    token = 41
    call MPI_SEND(token, 1, MPI_INTEGER, mod(1, nprocs), 7, MPI_COMM_WORLD, ierr)
    call MPI_RECV(token, 1, MPI_INTEGER, nprocs - 1, 7, MPI_COMM_WORLD, status, ierr)
    print '(a,i0,a,i0)', 'token ', token, ' from ', status(MPI_SOURCE)
  else
    call MPI_RECV(token, 1, MPI_INTEGER, rank - 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    token = token + 1
    call MPI_SEND(token, 1, MPI_INTEGER, mod(rank + 1, nprocs), 7, MPI_COMM_WORLD, ierr)
  end if
  call MPI_ALLREDUCE(rank + 1, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,i0)', 'procs ', nprocs, ' total ', total
  call MPI_FINALIZE(ierr)
end program mpif_sum
