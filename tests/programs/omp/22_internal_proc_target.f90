! flags: -fopenmp
! Target regions inside internal procedures, one of them using a variable of its host by
! host association (the host frame reaches the procedure whose body OpenMP rewrote).
program internal_proc_target
  implicit none
  integer, parameter :: n = 100
  integer :: base, r
  base = 7
  r = local_only()
  print *, r
  print *, with_host()
contains
  integer function local_only()
    integer :: a(n), i, s
    !$omp target teams distribute parallel do map(from: a)
    do i = 1, n
      a(i) = i
    end do
    s = 0
    do i = 1, n
      s = s + a(i)
    end do
    local_only = s
  end function local_only

  integer function with_host()
    integer :: s, i
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + base
    end do
    with_host = s
  end function with_host
end program internal_proc_target
