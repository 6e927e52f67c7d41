! transfer of derived types, both directions: scalars and arrays, to and from integers,
! reals and other types, with size= and array molds.
program transfer_derived
  implicit none
  type t
    integer :: i
    real :: r
  end type
  type pair
    integer :: a, b
  end type
  type(t) :: x, y, arr(3), back(3)
  type(pair) :: p, ps(4)
  integer :: ii(2), jj(6), k
  integer(8) :: l
  character(8) :: s
  x = t(3, 2.5)
  ii = transfer(x, ii)
  y = transfer(ii, y)
  print *, ii, y%i, y%r
  l = transfer(x, l)
  y = transfer(l, x)
  print *, y%i, y%r
  p = transfer(4294967299_8, p)
  print *, p%a, p%b, transfer(p, 0_8)
  arr = [(t(k, real(k) / 2), k = 1, 3)]
  jj = transfer(arr, jj)
  print *, jj(1), jj(3), jj(5)
  back = transfer(jj, arr)
  print *, back%i, back%r
  ps = transfer([1, 2, 3, 4, 5, 6, 7, 8], p, 4)
  print *, ps%a, ps%b
  print *, size(transfer(arr, [p])), size(transfer(x, [0_8])), size(transfer([x, x, x], [0_8]))
  s = transfer(x, s)
  y = transfer(s, y)
  print *, y%i, y%r
end program
