! Wrong arguments of the bit intrinsics of Fortran 2008: located errors naming the
! argument and what it must be.
program bit_args
  implicit none
  integer :: i
  integer(8) :: l
  logical :: t
  i = shiftl(1.0, 2)
  i = shiftr(1, 2.0)
  l = merge_bits(1_8, 2, 3_8)
  l = dshiftl(1_8, 2, 3)
  i = maskl(3, kind=3)
  i = maskr(3, i)
  t = bge(1)
  t = blt(1, 2, 3)
  i = poppar(x=1)
  t = is_iostat_end(.true.)
end program
