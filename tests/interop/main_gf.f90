! Interop test data: gfortran-built main calling gpuf-built procedures
program main_gf
  implicit none
  type :: labelled
    integer :: id
    character(:), allocatable :: name
    real(8) :: w
  end type labelled
  type(labelled) :: lab, lab2
  real(16) :: pf_quad_poly, qc(3), qr
  complex(16) :: qz, pf_quad_rot
  type :: rec
    character(len=3) :: tag
    integer(8) :: id
    real :: w
    logical :: on
    real(8) :: v(3)
    integer :: k(2, 2)
  end type rec
  real(8) :: x(5)
  integer :: k(4), isum, i
  type :: pair
    integer :: k
    real(8) :: x
  end type pair
  type :: bigrec
    real(8) :: a(4)
    integer :: n
  end type bigrec
  type(rec) :: rs(2)
  type(pair) :: mkpair, pr
  type(bigrec) :: mkbig, bg
  ! Scalar pointers passed to gpuf-built procedures (allocation and deallocation on
  ! either side).
  interface
    subroutine pf_ptr_make(q, v)
      integer, pointer :: q
      integer, intent(in) :: v
    end subroutine pf_ptr_make
    subroutine pf_ptr_drop(q)
      integer, pointer :: q
    end subroutine pf_ptr_drop
    subroutine pf_ptr_bump(q)
      integer, pointer :: q
    end subroutine pf_ptr_bump
    subroutine pf_aptr_make(v, n)
      integer, pointer :: v(:)
      integer, intent(in) :: n
    end subroutine pf_aptr_make
    subroutine pf_aptr_info(v, lo, hi, s)
      integer, pointer :: v(:)
      integer, intent(out) :: lo, hi, s
    end subroutine pf_aptr_info
    subroutine pf_aptr_scale(m, f)
      integer, pointer :: m(:,:)
      integer, intent(in) :: f
    end subroutine pf_aptr_scale
    function pf_ptr_last(v) result(p)
      integer, pointer :: v(:)
      integer, pointer :: p
    end function pf_ptr_last
    function pf_aptr_odd(v) result(p)
      integer, pointer :: v(:)
      integer, pointer :: p(:)
    end function pf_aptr_odd
    subroutine pf_pick_op(fp)
      abstract interface
        integer function int_op(a)
          integer, intent(in) :: a
        end function int_op
      end interface
      procedure(int_op), pointer, intent(out) :: fp
    end subroutine pf_pick_op
    integer function pf_use_op(fp, a)
      abstract interface
        integer function int_op(a)
          integer, intent(in) :: a
        end function int_op
      end interface
      procedure(int_op), pointer, intent(in) :: fp
      integer, intent(in) :: a
    end function pf_use_op
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
  x = [1d0, 2d0, 3d0, 4d0, 5d0]
  k = [1, 2, 3, 4]
  call scale_acc(5, 3.0d0, x)
  print *, x
  print *, isum(4, k)
  do i = 1, 2
    rs(i) = rec('ab' // achar(48 + i), 7_8 * i, 1.25 * i, mod(i, 2) == 0, [1d0, 2d0, 3d0] * i, reshape([1, 2, 3, 4] * i, [2, 2]))
  end do
  call rec_step(rs, 2)
  do i = 1, 2
    print *, rs(i)
  end do
  pr = mkpair(5)
  bg = mkbig(2)
  print *, pr, bg
  call pf_ptr_make(ip, 7)
  print *, 'ptr', associated(ip), ip
  deallocate(ip)
  allocate(iq)
  iq = 3
  call pf_ptr_bump(iq)
  print *, 'ptr', iq
  call pf_ptr_drop(iq)
  print *, 'ptr', associated(iq)
  it = 11
  iq => it
  call pf_ptr_bump(iq)
  print *, 'ptr', it, associated(iq, it)
  call pf_aptr_make(av, 5)
  call pf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  print *, 'aptr', lbound(av), ubound(av), av
  lp => pf_ptr_last(av)
  lp = -lp
  print *, 'aptr', av(2:3), pf_ptr_last(av)
  deallocate(av)
  call pf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  am = reshape([(ia, ia = 1, 12)], [3, 4])
  amp => am(:, 1:4:2)
  call pf_aptr_scale(amp, 10)
  print *, 'aptr', shape(amp), lbound(amp), amp
  print *, 'aptr', am
  av => am(2, :)
  call pf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  do ia = 1, 5
    sps(ia) = spanned(ia, 7 * ia, 0.5d0)
  end do
  av => sps%val
  call pf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  av => sps(5:1:-2)%val
  call pf_aptr_info(av, i1, i2, i3)
  print *, 'aptr', i1, i2, i3
  ! An array pointer function result (the hidden descriptor argument).
  av => am(:, 2)
  av => pf_aptr_odd(av)
  print *, 'aptr', lbound(av), ubound(av), av, sum(pf_aptr_odd(av))
  call pf_pick_op(opp)
  print *, 'pptr', associated(opp), opp(5), pf_use_op(opp, 2)
  opp => op_sq
  print *, 'pptr', pf_use_op(opp, 3)
  qc = [1.0_16, -0.5_16, 0.25_16]
  print *, 'quad', pf_quad_poly(1.0_16 / 3, qc, 3)
  qz = (1.5_16, -2.0_16)
  call pf_quad_scale(qz, 2.0_16, qr)
  print *, 'quad', qz, qr
  print *, 'quad', pf_quad_rot(qz, 0.5_16), pf_quad_rot((1.0_16, -1.0_16), qr) * 2
  lab%id = 0
  lab%w = 1.5d0
  call pf_label(lab, 'abc')
  print *, 'label', lab%id, len(lab%name), lab%name, lab%w
  lab%name = lab%name // '-gpuf-or-gf'
  call pf_label(lab, '!')
  lab2 = lab
  call pf_label(lab2, '?')
  print *, 'label', lab%id, lab%name, ' ', lab2%id, lab2%name
  deallocate(lab%name)
  call pf_label(lab, 'new')
  print *, 'label', lab%id, lab%name
contains
  integer function op_sq(a)
    integer, intent(in) :: a
    op_sq = a * a
  end function op_sq
end program main_gf
