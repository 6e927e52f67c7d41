! A preprocessed benchmark-style file: the kernel variant and problem size chosen with
! #if/#elif on macro values, an #ifdef'd checksum routine, macros used as array bounds and
! in expressions, __FILE__-free code, and an include of shared constants via #include.
#include "462_kernels.h"
#define N 24
#define BLOCK 4
#if KERNEL == 1
#  define KNAME 'blocked'
#elif KERNEL == 2
#  define KNAME 'naive'
#else
#  define KNAME 'unknown'
#endif
program kernels
  implicit none
  real(8) :: a(N, N), b(N, N), c(N, N)
  integer :: i, j
  do j = 1, N
    do i = 1, N
      a(i, j) = real(mod(i + 2 * j, 5), 8) * SCALE
      b(i, j) = real(mod(3 * i + j, 4), 8)
    end do
  end do
  c = 0
  print '(A,A)', 'kernel: ', KNAME
#if KERNEL == 1
  call blocked(a, b, c)
#else
  call naive(a, b, c)
#endif
#ifdef CHECKSUM
  call checksum(c)
#endif
  print '(A,F12.4)', 'c(1,1) =', c(1, 1)
  print '(A,F12.4)', 'c(N,N) =', c(N, N)
#if N % BLOCK != 0
  print '(A)', 'N not a multiple of BLOCK'
#else
  print '(A,I3)', 'blocks per dimension:', N / BLOCK
#endif
contains
  subroutine naive(x, y, z)
    real(8), intent(in) :: x(N, N), y(N, N)
    real(8), intent(inout) :: z(N, N)
    integer :: p, q, r
    do q = 1, N
      do r = 1, N
        do p = 1, N
          z(p, q) = z(p, q) + x(p, r) * y(r, q)
        end do
      end do
    end do
  end subroutine naive
  subroutine blocked(x, y, z)
    real(8), intent(in) :: x(N, N), y(N, N)
    real(8), intent(inout) :: z(N, N)
    real(8) :: ref(N, N)
    integer :: ib, jb, kb, p, q, r
    do jb = 1, N, BLOCK
      do kb = 1, N, BLOCK
        do ib = 1, N, BLOCK
          do q = jb, jb + BLOCK - 1
            do r = kb, kb + BLOCK - 1
              do p = ib, ib + BLOCK - 1
                z(p, q) = z(p, q) + x(p, r) * y(r, q)
              end do
            end do
          end do
        end do
      end do
    end do
    ref = 0
    call naive(x, y, ref)
    print '(A,L2)', 'blocked equals naive:', all(ref == z)
  end subroutine blocked
#ifdef CHECKSUM
  subroutine checksum(z)
    real(8), intent(in) :: z(N, N)
    print '(A,F14.4)', 'checksum:', sum(z)
    print '(A,F14.4)', 'trace:   ', sum([(z(i, i), i = 1, N)])
  end subroutine checksum
#endif
end program kernels
