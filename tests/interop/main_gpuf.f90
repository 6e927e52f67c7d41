! Interop test data: gpuf-built main calling gfortran-built procedures and reference BLAS (ddot)
program main_gpuf
  implicit none
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
  end interface
  integer, pointer :: ip, iq
  integer, target :: it
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
end program main_gpuf
