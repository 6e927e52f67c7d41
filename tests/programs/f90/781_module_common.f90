! Common blocks declared in modules (named and blank): gfortran's link names and layout,
! shared with external procedures that declare the blocks themselves, module procedures
! and a `block data`.
module state
  implicit none
  integer :: nsteps, flags(3)
  real(8) :: dt
  character(5) :: tag
  common /run/ nsteps, dt, tag, flags
  real :: work(4)
  common work
contains
  subroutine advance(k)
    integer, intent(in) :: k
    nsteps = nsteps + k
    dt = dt / 2
    work(k) = work(k) + 1
  end subroutine
end module

module more
  implicit none
  integer(8) :: big
  integer(2) :: small
  common /pad/ small, big
end module

subroutine external_view(total)
  implicit none
  integer, intent(out) :: total
  integer :: n, f(3)
  real(8) :: t
  character(5) :: s
  real :: w(4)
  common /run/ n, t, s, f
  common w
  total = n + sum(f) + int(t * 64) + int(sum(w))
  s(5:5) = '!'
  f(2) = -f(2)
end subroutine

subroutine pad_view()
  implicit none
  integer(2) :: a
  integer(8) :: b
  common /pad/ a, b
  print *, 'pad', a, b
  b = b * 2
end subroutine

block data init_run
  implicit none
  integer :: n, f(3)
  real(8) :: t
  character(5) :: s
  common /run/ n, t, s, f
  data n /3/, t /0.5d0/, s /'abcde'/, f /1, 2, 3/
end block data

program module_common
  use state
  use more, only: small, big
  implicit none
  integer :: total
  print *, nsteps, dt, tag, flags
  work = [1.0, 2.0, 3.0, 4.0]
  call advance(2)
  call external_view(total)
  print *, total, tag, flags
  print *, nsteps, dt, work
  small = 7
  big = 123456789012_8
  call pad_view()
  print *, small, big
end program
