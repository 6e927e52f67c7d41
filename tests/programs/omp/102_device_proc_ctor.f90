! flags: -fopenmp
! An implied-do array constructor in a declare target procedure (computed element by
! element on the device).
subroutine fill(a, n, base)
  !$omp declare target
  integer, intent(in) :: n, base
  integer, intent(inout) :: a(n)
  integer :: i
  a = [(base + i * i, i = 1, n)]
end subroutine

program device_proc_ctor
  implicit none
  integer, parameter :: n = 12
  integer :: a(n), b(n), i
  interface
    subroutine fill(a, n, base)
      !$omp declare target
      integer, intent(in) :: n, base
      integer, intent(inout) :: a(n)
    end subroutine
  end interface

  a = 0
  !$omp target map(tofrom: a)
  call fill(a, n, 100)
  !$omp end target
  print '(12i5)', a

  ! From host code too (the same procedure, the host's copy).
  call fill(b, n, -1)
  print '(12i5)', b
end program
