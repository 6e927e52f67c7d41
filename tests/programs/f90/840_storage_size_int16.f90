! storage_size of every kind, derived types and arrays; sign, modulo, mod and dim of
! integer(16) values.
program ss
  implicit none
  type t
    integer :: a
    real(8) :: b
  end type
  integer(1) :: b1
  integer(16) :: q
  real(16) :: x
  complex(16) :: z
  character(7) :: c
  logical(2) :: l
  type(t) :: v
  integer :: arr(3)
  print *, storage_size(b1), storage_size(q), storage_size(x), storage_size(z), storage_size(c)
  print *, storage_size(l), storage_size(v), storage_size(arr), storage_size(1.0_8, kind=8)
  call more(command_argument_count())
end program
subroutine more(z)
  integer :: z
  integer(16) :: p, m
  p = -1701411834604692317_16 * 100000000000_16 + z
  m = 1000000000000000000_16 * 7 + z
  print *, sign(p, 1_16), sign(m, -1_16), modulo(p, m), modulo(-p, m), mod(p, m), dim(p, m), dim(m, p)
end subroutine
