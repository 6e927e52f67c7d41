! flags: -fopenmp
! `if` with directive-name modifiers: `target` decides where the region runs (and whether
! data directives map), `parallel` only the team size of a combined construct, so its
! region still runs on the device.
program if_modifiers
  use omp_lib
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), i, t, dev(2)
  logical :: on_host
  do t = 1, 2
    a = t
    !$omp target teams distribute parallel do if(parallel: t > 1) map(tofrom: a)
    do i = 1, n
      a(i) = a(i) + i
    end do
    print *, t, sum(a)
  end do
  do t = 0, 1
    a = 1
    !$omp target data map(tofrom: a) if(target data: t == 1)
    !$omp target map(from: on_host) if(target: t == 1)
    a(1) = 5
    on_host = omp_is_initial_device()
    !$omp end target
    !$omp end target data
    print *, t, a(1)
  end do
  a = 2
  !$omp target enter data map(to: a) if(target enter data: .true.)
  a = 3
  !$omp target update to(a) if(target update: a(1) > 2)
  !$omp target map(from: dev)
  dev(1) = a(1)
  dev(2) = a(n)
  !$omp end target
  !$omp target exit data map(from: a) if(target exit data: .true.)
  print *, dev, a(1)
end program if_modifiers
