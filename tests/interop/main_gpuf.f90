! Interop test data: gpuf-built main calling gfortran-built procedures and reference BLAS (ddot)
program main_gpuf
  implicit none
  type :: labelled
    integer :: id
    character(:), allocatable :: name
    real(8) :: w
  end type labelled
  type(labelled) :: lab, lab2
  real(16) :: gf_quad_poly, qc(3), qr
  complex(16) :: qz, gf_quad_rot
  integer, parameter :: n = 8
  type :: pair
    integer :: a
    real(8) :: b
    character(len=2) :: c
  end type pair
  real(8) :: x(n), y(n), norm1, ddot, t
  type :: v3
    real :: x, y, z
  end type v3
  type(pair) :: p
  type(v3) :: mkv3, w
  integer :: i
  ! Scalar pointers passed to gfortran-built procedures: memory allocated by either
  ! compiler's code is deallocated by the other's.
  interface
    subroutine gf_ptr_make(q, v)
      integer, pointer :: q
      integer, intent(in) :: v
    end subroutine gf_ptr_make
    subroutine gf_ptr_drop(q)
      integer, pointer :: q
    end subroutine gf_ptr_drop
    subroutine gf_ptr_bump(q)
      integer, pointer :: q
    end subroutine gf_ptr_bump
    subroutine gf_aptr_make(v, n)
      integer, pointer :: v(:)
      integer, intent(in) :: n
    end subroutine gf_aptr_make
    subroutine gf_aptr_info(v, lo, hi, s)
      integer, pointer :: v(:)
      integer, intent(out) :: lo, hi, s
    end subroutine gf_aptr_info
    subroutine gf_aptr_scale(m, f)
      integer, pointer :: m(:,:)
      integer, intent(in) :: f
    end subroutine gf_aptr_scale
    function gf_ptr_last(v) result(p)
      integer, pointer :: v(:)
      integer, pointer :: p
    end function gf_ptr_last
    function gf_aptr_odd(v) result(p)
      integer, pointer :: v(:)
      integer, pointer :: p(:)
    end function gf_aptr_odd
    subroutine gf_pick_op(fp)
      abstract interface
        integer function int_op(a)
          integer, intent(in) :: a
        end function int_op
      end interface
      procedure(int_op), pointer, intent(out) :: fp
    end subroutine gf_pick_op
    integer function gf_use_op(fp, a)
      abstract interface
        integer function int_op(a)
          integer, intent(in) :: a
        end function int_op
      end interface
      procedure(int_op), pointer, intent(in) :: fp
      integer, intent(in) :: a
    end function gf_use_op
  end interface
  integer, pointer :: ip, iq
  integer, target :: it
  ! Array pointers (the descriptor's address) and a pointer function result.
  integer, pointer :: av(:), amp(:,:), lp
  integer, target :: am(3, 4)
  integer :: ia, i1, i2, i3
  ! Procedure pointers: associated by the other compiler's code, called here and there.
  procedure(op_sq), pointer :: opp
  ! A pointer to a component across an array of structures (gfortran's `span`).
  type :: spanned
    integer :: tag
    integer :: val
    real(8) :: w
  end type spanned
  type(spanned), target :: sps(5)
  do i = 1, n
    x(i) = real(i, 8)
    y(i) = 1.0d0
  end do
  call axpy(n, 2.0d0, x, y)
  print *, y(1), y(n), norm1(n, y)
  print *, 'ddot', ddot(n, x, 1, y, 1)
  p = pair(41, 0.5d0, '--')
  call pair_sum(p, t)
  print *, p, t
  w = mkv3(1.5)
  print *, w
  call gf_ptr_make(ip, 7)
  print *, 'ptr', associated(ip), ip
  deallocate(ip)
  allocate(iq)
  iq = 3
  call gf_ptr_bump(iq)
  print *, 'ptr', iq
  call gf_ptr_drop(iq)
  print *, 'ptr', associated(iq)
  it = 11
  iq => it
  call gf_ptr_bump(iq)
  print *, 'ptr', it, associated(iq, it)
  call gf_aptr_make(av, 5)
  call gf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  print *, 'aptr', lbound(av), ubound(av), av
  lp => gf_ptr_last(av)
  lp = -lp
  print *, 'aptr', av(2:3), gf_ptr_last(av)
  deallocate(av)
  call gf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  am = reshape([(ia, ia = 1, 12)], [3, 4])
  amp => am(:, 1:4:2)
  call gf_aptr_scale(amp, 10)
  print *, 'aptr', shape(amp), lbound(amp), amp
  print *, 'aptr', am
  av => am(2, :)
  call gf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  do ia = 1, 5
    sps(ia) = spanned(ia, 7 * ia, 0.5d0)
  end do
  av => sps%val
  call gf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  av => sps(5:1:-2)%val
  call gf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  ! An array pointer function result (the hidden descriptor argument).
  av => am(:, 2)
  av => gf_aptr_odd(av)
  print *, 'aptr', lbound(av), ubound(av), av, sum(gf_aptr_odd(av))
  call gf_pick_op(opp)
  print *, 'pptr', associated(opp), opp(5), gf_use_op(opp, 2)
  opp => op_sq
  print *, 'pptr', gf_use_op(opp, 3)
  qc = [1.0_16, -0.5_16, 0.25_16]
  print *, 'quad', gf_quad_poly(1.0_16 / 3, qc, 3)
  qz = (1.5_16, -2.0_16)
  call gf_quad_scale(qz, 2.0_16, qr)
  print *, 'quad', qz, qr
  print *, 'quad', gf_quad_rot(qz, 0.5_16), gf_quad_rot((1.0_16, -1.0_16), qr) * 2
  lab%id = 0
  lab%w = 1.5d0
  call gf_label(lab, 'abc')
  print *, 'label', lab%id, len(lab%name), lab%name, lab%w
  lab%name = lab%name // '-gpuf-or-gf'
  call gf_label(lab, '!')
  lab2 = lab
  call gf_label(lab2, '?')
  print *, 'label', lab%id, lab%name, ' ', lab2%id, lab2%name
  deallocate(lab%name)
  call gf_label(lab, 'new')
  print *, 'label', lab%id, lab%name
contains
  integer function op_sq(a)
    integer, intent(in) :: a
    op_sq = a * a
  end function op_sq
end program main_gpuf
