! ichar, iachar, char and achar inside compute constructs: of scalars (elements of
! character arrays, characters made by achar) in a parallel loop, and elementally of whole
! arrays and sections in kernels regions (array assignments of character arrays there);
! character comparisons of scalars in loops and of arrays with scalars and arrays in kernels;
! erfc_scaled of real(4) and real(8) in a parallel loop and elementally in kernels (printed
! to 6 and 12 digits: gfortran's library evaluates it by other approximations than the C
! library's erfc, so the last digits of the two compilers differ).
program acc_device_intrinsics
  implicit none
  integer :: codes(8), out(8), twice(8), i
  real(8) :: x(16), y(16), y2(16)
  real :: xs(16), ys(16)
  integer :: hit(4)
  logical :: flags(4), later(8), same(4)
  character :: cs(8), made(8)
  character(len=3) :: words(4)
  do i = 1, 8
    codes(i) = 96 + i
    cs(i) = achar(100 + i)
  end do
  words = ['abc', 'xyz', 'k  ', 'qrs']
  !$acc parallel loop copyin(codes, cs) copyout(out)
  do i = 1, 8
    out(i) = iachar(cs(i)) - ichar(achar(codes(i))) + ichar(char(codes(9 - i)))
  end do
  print *, out
  !$acc kernels copyin(codes, cs, words) copyout(out, twice, made)
  out = iachar(cs) + ichar(cs)
  twice(1:4) = iachar(cs(2:8:2)) * 2
  twice(5:8) = ichar(achar(codes(1:8:2)))
  made = achar(codes + 2)
  made(1:2) = char(codes(7:8))
  !$acc end kernels
  print *, out
  print *, twice
  print *, made
  !$acc parallel copy(cs) copyin(words)
  !$acc loop
  do i = 1, 8
    cs(i) = achar(iachar(words(mod(i, 4) + 1)(2:2)) + i)
  end do
  !$acc end parallel
  print *, cs
  !$acc parallel loop copyin(words) copyout(hit)
  do i = 1, 4
    hit(i) = 0
    if (words(i) == 'xyz') hit(i) = 1
    if (words(i) < words(2)) hit(i) = hit(i) + 2
    if ('k' == words(i)) hit(i) = hit(i) + 4
    if (words(i)(1:1) >= 'q') hit(i) = hit(i) + 8
  end do
  print *, hit
  !$acc kernels copyin(words, cs) copyout(flags, later, same)
  flags = words /= 'abc'
  later = cs >= 'g'
  same = words(4:1:-1) <= words
  !$acc end kernels
  print *, flags, later, same
  do i = 1, 16
    x(i) = (i - 5) * 0.75d0
    xs(i) = (i - 5) * 0.75
  end do
  !$acc parallel loop copyin(x, xs) copyout(y, ys)
  do i = 1, 16
    y(i) = erfc_scaled(x(i))
    ys(i) = erfc_scaled(xs(i))
  end do
  !$acc kernels copyin(x) copyout(y2)
  y2 = erfc_scaled(x * 2) + erfc_scaled(-x(16:1:-1))
  !$acc end kernels
  print '(4es20.11)', y
  print '(4es14.5)', ys
  print '(4es20.11)', y2
end program
