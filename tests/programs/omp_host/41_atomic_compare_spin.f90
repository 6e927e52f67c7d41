! flags: -fopenmp -O1
! Host `atomic compare` is a compare-and-swap on the shared variable: a thread spinning
! on it sees the other thread's store (it was plain code the optimiser kept in a register,
! so the spin never ended).
program atomic_compare_spin
  use omp_lib
  implicit none
  integer :: y, x
  y = 0
  x = 0
  !$omp parallel num_threads(2) shared(y, x)
  if (omp_get_num_threads() == 2) then
    if (omp_get_thread_num() == 0) then
      !$omp atomic write
      x = 10
      !$omp atomic write
      y = 1
    else
      do while (y /= 5)
        !$omp atomic compare
        if (y == 1) then
          y = 5
        end if
      end do
    end if
  else
    x = 10
    y = 5
  end if
  !$omp end parallel
  print *, x, y
end program
