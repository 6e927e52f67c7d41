! `use mpi` (Open MPI's gfortran module file): the sum and maximum over all ranks.
program mpi_sum
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, mine, most
  double precision :: x, s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  x = rank + 1
  call MPI_Allreduce(x, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  mine = rank + 1
  call MPI_Allreduce(mine, most, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(A,I2,A,F6.1,A,I3)', 'procs', nprocs, ' sum', s, ' max', most
  call MPI_Finalize(ierr)
end program mpi_sum
