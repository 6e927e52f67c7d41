! Misused pointers: each is a located error.
program pointer_errors
  implicit none
  integer, target :: t(10)
  integer :: n(10), x
  real, target :: r(10)
  integer, pointer :: p(:), s
  integer, pointer :: bad(5)
  integer, pointer, allocatable :: both(:)
  x => t(1)
  p => n
  p => r
  s => t
  p(1:, 2) => t
  print *, associated(x)
  print *, associated(p, r)
  nullify(x)
  call takes(x)
contains
  subroutine takes(q)
    integer, pointer :: q
    q = 1
  end subroutine
end program
