! Interop test data: compiled by gpuf (with an OpenACC region), called from a gfortran-built main
subroutine scale_acc(n, f, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: f
  real(8), intent(inout) :: x(n)
  integer :: i
  !$acc parallel loop copy(x(1:n))
  do i = 1, n
    x(i) = f * x(i)
  end do
end subroutine scale_acc
integer function isum(n, k)
  implicit none
  integer, intent(in) :: n, k(n)
  integer :: i
  isum = 0
  do i = 1, n
    isum = isum + k(i)
  end do
end function isum
! Derived-type arguments: the layout must be gfortran's (C struct, natural alignment).
subroutine rec_step(r, n)
  implicit none
  type :: rec
    character(len=3) :: tag
    integer(8) :: id
    real :: w
    logical :: on
    real(8) :: v(3)
    integer :: k(2, 2)
  end type rec
  integer, intent(in) :: n
  type(rec), intent(inout) :: r(n)
  integer :: i
  do i = 1, n
    r(i)%id = r(i)%id * 10 + i
    r(i)%w = r(i)%w + 0.5
    r(i)%on = .not. r(i)%on
    r(i)%v = r(i)%v * 2.0d0 + sum(r(i)%k)
    r(i)%k(2, :) = r(i)%k(1, :) + 100
    r(i)%tag(3:3) = 'x'
  end do
end subroutine rec_step
! Derived-type results: registers (16 bytes) and a hidden result argument (40 bytes).
function mkpair(n)
  implicit none
  type :: pair
    integer :: k
    real(8) :: x
  end type pair
  integer, intent(in) :: n
  type(pair) :: mkpair
  mkpair%k = n * 3
  mkpair%x = n / 4d0
end function mkpair
function mkbig(n)
  implicit none
  type :: bigrec
    real(8) :: a(4)
    integer :: n
  end type bigrec
  integer, intent(in) :: n
  type(bigrec) :: mkbig
  mkbig%a = [1d0, 2d0, 3d0, 4d0] * n
  mkbig%n = -n
end function mkbig
subroutine pf_ptr_make(q, v)
  implicit none
  integer, pointer :: q
  integer, intent(in) :: v
  allocate(q)
  q = v
end subroutine pf_ptr_make
subroutine pf_ptr_drop(q)
  implicit none
  integer, pointer :: q
  deallocate(q)
end subroutine pf_ptr_drop
subroutine pf_ptr_bump(q)
  implicit none
  integer, pointer :: q
  q = q + 1
end subroutine pf_ptr_bump
subroutine pf_aptr_make(v, n)
  implicit none
  integer, pointer :: v(:)
  integer, intent(in) :: n
  integer :: i
  allocate(v(-1:n-2))
  v = [(i * i, i = 1, n)]
end subroutine pf_aptr_make
subroutine pf_aptr_info(v, lo, hi, s)
  implicit none
  integer, pointer :: v(:)
  integer, intent(out) :: lo, hi, s
  lo = 0
  hi = 0
  s = -1
  if (associated(v)) then
    lo = lbound(v, 1)
    hi = ubound(v, 1)
    s = sum(v * [(lo * lo, lo = 1, size(v))])
    lo = lbound(v, 1)
  end if
end subroutine pf_aptr_info
subroutine pf_aptr_scale(m, f)
  implicit none
  integer, pointer :: m(:,:)
  integer, intent(in) :: f
  m = m * f
  m => m(2:, :)
end subroutine pf_aptr_scale
function pf_ptr_last(v) result(p)
  implicit none
  integer, pointer :: v(:)
  integer, pointer :: p
  p => v(ubound(v, 1))
end function pf_ptr_last
function pf_aptr_odd(v) result(p)
  implicit none
  integer, pointer :: v(:)
  integer, pointer :: p(:)
  p(0:) => v(1::2)
end function pf_aptr_odd
integer function pf_triple(a)
  implicit none
  integer, intent(in) :: a
  pf_triple = 3 * a
end function pf_triple
subroutine pf_pick_op(fp)
  implicit none
  abstract interface
    integer function int_op(a)
      integer, intent(in) :: a
    end function int_op
  end interface
  procedure(int_op), pointer, intent(out) :: fp
  integer, external :: pf_triple
  fp => pf_triple
end subroutine pf_pick_op
integer function pf_use_op(fp, a)
  implicit none
  abstract interface
    integer function int_op(a)
      integer, intent(in) :: a
    end function int_op
  end interface
  procedure(int_op), pointer, intent(in) :: fp
  integer, intent(in) :: a
  pf_use_op = fp(a) + fp(2 * a)
end function pf_use_op

! real(16) and complex(16) between the compilers: binary128 values by reference, a real(16)
! function result (returned as gfortran returns __float128).
real(16) function pf_quad_poly(x, c, n)
  implicit none
  integer, intent(in) :: n
  real(16), intent(in) :: x, c(n)
  integer :: i
  pf_quad_poly = 0
  do i = n, 1, -1
    pf_quad_poly = pf_quad_poly * x + c(i)
  end do
end function pf_quad_poly

subroutine pf_quad_scale(z, s, r)
  implicit none
  complex(16), intent(inout) :: z
  real(16), intent(in) :: s
  real(16), intent(out) :: r
  z = z * s
  r = sqrt(s) + real(z) / 3
end subroutine pf_quad_scale

! A deferred-length allocatable character component (gfortran's layout: the data address,
! then the hidden length after the components), (re)allocated on the other side.
subroutine pf_label(p, suffix)
  implicit none
  type :: labelled
    integer :: id
    character(:), allocatable :: name
    real(8) :: w
  end type labelled
  type(labelled), intent(inout) :: p
  character(*), intent(in) :: suffix
  if (allocated(p%name)) then
    p%name = p%name // suffix
  else
    p%name = suffix
  end if
  p%id = p%id + len(p%name)
end subroutine pf_label

! A complex(16) function result (in memory the caller passes first, as GCC returns it).
complex(16) function pf_quad_rot(z, t)
  implicit none
  complex(16), intent(in) :: z
  real(16), intent(in) :: t
  pf_quad_rot = z * cmplx(0.0_16, t, 16) + 1
end function pf_quad_rot
