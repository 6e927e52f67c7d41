! Kinds given by intrinsic calls: kind(), selected_*_kind(), exponent() of a real named
! constant, digits/precision/range of entities declared before, max() and int() of them.
program kind_inquiry
  implicit none
  real(8), parameter :: x = 8.0d0
  real, parameter :: y = -0.3
  integer(8) :: n8
  real(8) :: r8
  integer(kind(0_8)) :: a
  real(selected_real_kind(15)) :: b
  integer(selected_int_kind(12)) :: c
  integer(exponent(x)) :: d
  integer(exponent(y) + 2) :: d2
  real(kind(1.0d0)) :: e
  complex(kind(r8)) :: z
  integer(kind(n8)) :: f
  real(kind=kind(x)) :: g
  logical(kind(.true.)) :: l
  integer(max(kind(0), 8)) :: h
  integer(digits(0) / 8 + 1) :: i4
  real(precision(x) / 7 * 4) :: r8b
  integer(range(0_1) * 4) :: i8
  integer, parameter :: kk = kind(r8) * 2
  real(kk) :: q
  a = huge(a); b = 1.0/3.0_8; c = 10; d = 5; d2 = 3; e = 2; z = (1, 2); f = 7; g = 1.5; l = .true.
  h = 9; i4 = 4; r8b = 0.1d0; i8 = 8; q = 1
  print *, a, b, c, d, d2, e, z, f, g, l, h, i4, r8b, i8, q
  print *, kind(a), kind(b), kind(c), kind(d), kind(d2), kind(z), kind(f), kind(g), kind(h), kind(i4), kind(r8b), kind(i8), kind(q)
end program
