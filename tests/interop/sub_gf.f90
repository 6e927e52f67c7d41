! Interop test data: compiled by gfortran, called from a gpuf-built main
subroutine axpy(n, a, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a, x(n)
  real(8), intent(inout) :: y(n)
  integer :: i
  do i = 1, n
    y(i) = y(i) + a * x(i)
  end do
end subroutine axpy
real(8) function norm1(n, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  norm1 = sum(abs(x(1:n)))
end function norm1
subroutine pair_sum(p, total)
  implicit none
  type :: pair
    integer :: a
    real(8) :: b
    character(len=2) :: c
  end type pair
  type(pair), intent(inout) :: p
  real(8), intent(out) :: total
  total = p%a + p%b
  p%a = p%a + 1
  p%c = 'ok'
end subroutine pair_sum
function mkv3(a)
  implicit none
  type :: v3
    real :: x, y, z
  end type v3
  real, intent(in) :: a
  type(v3) :: mkv3
  mkv3 = v3(a, 2 * a, 3 * a)
end function mkv3
subroutine gf_ptr_make(q, v)
  implicit none
  integer, pointer :: q
  integer, intent(in) :: v
  allocate(q)
  q = v
end subroutine gf_ptr_make
subroutine gf_ptr_drop(q)
  implicit none
  integer, pointer :: q
  deallocate(q)
end subroutine gf_ptr_drop
subroutine gf_ptr_bump(q)
  implicit none
  integer, pointer :: q
  q = q + 1
end subroutine gf_ptr_bump
subroutine gf_aptr_make(v, n)
  implicit none
  integer, pointer :: v(:)
  integer, intent(in) :: n
  integer :: i
  allocate(v(-1:n-2))
  v = [(i * i, i = 1, n)]
end subroutine gf_aptr_make
subroutine gf_aptr_info(v, lo, hi, s)
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
end subroutine gf_aptr_info
subroutine gf_aptr_scale(m, f)
  implicit none
  integer, pointer :: m(:,:)
  integer, intent(in) :: f
  m = m * f
  m => m(2:, :)
end subroutine gf_aptr_scale
function gf_ptr_last(v) result(p)
  implicit none
  integer, pointer :: v(:)
  integer, pointer :: p
  p => v(ubound(v, 1))
end function gf_ptr_last
function gf_aptr_odd(v) result(p)
  implicit none
  integer, pointer :: v(:)
  integer, pointer :: p(:)
  p(0:) => v(1::2)
end function gf_aptr_odd
integer function gf_triple(a)
  implicit none
  integer, intent(in) :: a
  gf_triple = 3 * a
end function gf_triple
subroutine gf_pick_op(fp)
  implicit none
  abstract interface
    integer function int_op(a)
      integer, intent(in) :: a
    end function int_op
  end interface
  procedure(int_op), pointer, intent(out) :: fp
  integer, external :: gf_triple
  fp => gf_triple
end subroutine gf_pick_op
integer function gf_use_op(fp, a)
  implicit none
  abstract interface
    integer function int_op(a)
      integer, intent(in) :: a
    end function int_op
  end interface
  procedure(int_op), pointer, intent(in) :: fp
  integer, intent(in) :: a
  gf_use_op = fp(a) + fp(2 * a)
end function gf_use_op

! real(16) and complex(16) between the compilers: binary128 values by reference, a real(16)
! function result (returned as gfortran returns __float128).
real(16) function gf_quad_poly(x, c, n)
  implicit none
  integer, intent(in) :: n
  real(16), intent(in) :: x, c(n)
  integer :: i
  gf_quad_poly = 0
  do i = n, 1, -1
    gf_quad_poly = gf_quad_poly * x + c(i)
  end do
end function gf_quad_poly

subroutine gf_quad_scale(z, s, r)
  implicit none
  complex(16), intent(inout) :: z
  real(16), intent(in) :: s
  real(16), intent(out) :: r
  z = z * s
  r = sqrt(s) + real(z) / 3
end subroutine gf_quad_scale

! A deferred-length allocatable character component (gfortran's layout: the data address,
! then the hidden length after the components), (re)allocated on the other side.
subroutine gf_label(p, suffix)
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
end subroutine gf_label

! A complex(16) function result (in memory the caller passes first, as GCC returns it).
complex(16) function gf_quad_rot(z, t)
  implicit none
  complex(16), intent(in) :: z
  real(16), intent(in) :: t
  gf_quad_rot = z * cmplx(0.0_16, t, 16) + 1
end function gf_quad_rot
