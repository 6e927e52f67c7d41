! `do concurrent` locality of arrays, an allocatable array, a character, a complex and a
! structure (miniWeather's do-concurrent variant has `local(stencil, vals, ...)` of arrays):
! each iteration works on its own entity, `local_init` ones start from the value before the
! construct, and the variables outside are unchanged after it. gfortran 12 does not parse
! locality specifiers; the expected output is that of the same loop written with explicit
! copies, run with gfortran.
program do_concurrent_local_arrays
  implicit none
  type :: pt
    real :: x, y
  end type
  integer :: i, tot(6)
  real :: st(4), v(3)
  complex :: z
  character(len=5) :: c
  type(pt) :: p
  integer, allocatable :: w(:)
  allocate(w(3))
  st = [1., 2., 3., 4.]; v = -1; z = (1., 2.); c = 'hello'; p = pt(5., 6.); w = [7, 8, 9]
  do concurrent (i = 1:6) local(st, z, c, p) local_init(v, w)
    st = real(i)
    v(1) = v(1) + i
    w = w + i
    z = cmplx(i, -i)
    c = 'abcde'
    c(mod(i - 1, 5) + 1:mod(i - 1, 5) + 1) = 'Z'
    p%x = real(i) * 2
    tot(i) = int(sum(st) + v(1) + real(z) + p%x) + sum(w) + index(c, 'Z')
  end do
  print *, tot
  print *, st, v, z, c, p%x, p%y, w
end program
