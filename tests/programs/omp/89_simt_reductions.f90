! flags: -fopenmp
! Reductions of `simd` loops lowered to SIMT (seed 004): the lanes of a warp combine their
! partial results by a butterfly of exchanges. A `simd` loop alone in a `target` region (one
! thread: one warp), and a `simd` loop inside the threads of a `parallel do` (each thread a
! warp). Operators +, *, max, min, iand, ior, ieor, .and., .or., .eqv., .neqv. on
! integer(4), integer(8), real(4), real(8) and logical, with exact data.
program simt_reductions
  implicit none
  integer, parameter :: n = 300
  integer :: i, k, s4, m4, x4, a4, o4
  integer(8) :: s8, p8, n8
  real(4) :: r4, h4
  real(8) :: r8, q8, l8
  logical :: la, lo, le, ln
  integer :: rows(8)
  s4 = 0; m4 = -1000; x4 = 0; a4 = -1; o4 = 0
  s8 = 0; p8 = 1; n8 = huge(1_8)
  r4 = 0; h4 = -1e30; r8 = 0; q8 = 1; l8 = 1d300
  la = .true.; lo = .false.; le = .true.; ln = .false.
  !$omp target map(tofrom: s4, m4, x4, a4, o4, s8, p8, n8, r4, h4, r8, q8, l8, la, lo, le, ln)
  !$omp simd reduction(+:s4, s8, r4, r8) reduction(max:m4, h4) reduction(min:n8, l8) &
  !$omp& reduction(ieor:x4) reduction(iand:a4) reduction(ior:o4) reduction(*:p8, q8) &
  !$omp& reduction(.and.:la) reduction(.or.:lo) reduction(.eqv.:le) reduction(.neqv.:ln)
  do i = 1, n
    s4 = s4 + mod(i * 7, 31)
    s8 = s8 + int(i, 8) * 1000000_8
    r4 = r4 + real(mod(i, 16), 4) * 0.25
    r8 = r8 + real(i, 8) * 0.5d0
    m4 = max(m4, mod(i * 13, 97))
    h4 = max(h4, real(mod(i * 5, 41), 4))
    n8 = min(n8, int(mod(i * 11, 89), 8) - 40_8)
    l8 = min(l8, real(mod(i * 3, 53), 8) * 0.125d0)
    x4 = ieor(x4, i * 3)
    a4 = iand(a4, not(ishft(1, mod(i, 9))) + merge(ishft(1, mod(i, 9)), 0, mod(i, 2) == 0))
    o4 = ior(o4, ishft(1, mod(i, 17)))
    if (mod(i, 50) == 0) then
      p8 = p8 * 3_8
      q8 = q8 * 0.5d0
    end if
    la = la .and. (i < 1000)
    lo = lo .or. (i == 123)
    le = le .eqv. (mod(i, 3) == 0)
    ln = ln .neqv. (mod(i, 7) == 0)
  end do
  !$omp end target
  print '(a, 5i12)', 'i4', s4, m4, x4, a4, o4
  print '(a, 3i20)', 'i8', s8, p8, n8
  print '(a, 2f14.3)', 'r4', r4, h4
  print '(a, 3f16.4)', 'r8', r8, q8, l8
  print '(a, 4l3)', 'lg', la, lo, le, ln
  ! Each thread of the team (a warp) reduces one row over its lanes.
  rows = 0
  !$omp target parallel do map(tofrom: rows) private(s4)
  do k = 1, 8
    s4 = 0
    !$omp simd reduction(+:s4)
    do i = 1, 100 * k
      s4 = s4 + i * k
    end do
    rows(k) = s4
  end do
  print '(8i9)', rows
end program
