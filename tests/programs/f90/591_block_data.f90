! `block data`: named and unnamed units giving initial values to common blocks with
! `data` statements and initialisers; units read and update the blocks.
program block_data_init
  implicit none
  integer :: u, v(3)
  real :: w
  character(4) :: tag
  common /bd1/ u, v, w
  common /names/ tag
  print *, u, v, w, tag
  call twice
  print *, u, v, w
  call blank_user
end program

subroutine twice
  integer :: u, v(3)
  real :: w
  common /bd1/ u, v, w
  u = 2 * u
  v = v * 10
  w = w + 0.25
end subroutine

subroutine blank_user
  double precision :: q(2)
  integer :: cnt
  common q, cnt
  print *, q, cnt
end subroutine

block data init
  implicit none
  integer :: u, v(3)
  real :: w
  common /bd1/ u, v, w
  data u /5/, v /1, 2, 3/
  data w /2.5/
end block data init

block data
  double precision :: q(2)
  integer :: cnt
  character(4) :: tag
  common q, cnt
  common /names/ tag
  data q /1.5d0, -0.5d0/, cnt /2/
  data tag /'abcd'/
end block data
