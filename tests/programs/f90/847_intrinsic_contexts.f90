! The rank-1 Bessel forms and array transfers inside reductions, sections and size;
! bit intrinsics as arguments of reductions and merge.
program ctx
  implicit none
  integer :: z, i4(4)
  real(8) :: x, r(0:5)
  z = command_argument_count()
  x = 2.5d0 + z
  i4 = [1, 2, 3, 4] + z
  print *, sum(bessel_jn(0, 5, x)), maxval(bessel_yn(1, 4, x)), size(bessel_jn(2, 9, x))
  r = 0
  r(1:3) = bessel_jn(1, 3, x) * 2
  print *, r
  print *, sum(transfer(i4, [0_2])), maxval(transfer(i4, 0_8, 2)), size(transfer(i4, [0_1]))
  print *, iall(transfer(i4, [0_1])), iany(shiftl(i4, 2)), merge(1, 2, bge(i4(1), i4(2)))
end program
