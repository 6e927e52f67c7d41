! flags: -fopenmp
! Reductions of every operator and type at the vector level (a `simd` loop inside the
! threads of a target region: the sim device's warp combines them in one round), with
! exact data: integer(4), integer(8), real(4), real(8) sums, products, max, min, the bit
! operations and the logical operators.
program simd_reductions
  implicit none
  integer, parameter :: n = 200
  integer :: i, j, s4, p4, mx4, mn4, ia, io, ix
  integer(8) :: s8, p8, mx8, mn8
  real(4) :: r4, q4, hx4, hn4
  real(8) :: r8, q8, hx8, hn8
  logical :: la, lo, le, ln
  s4 = 0; p4 = 1; mx4 = -huge(1); mn4 = huge(1); ia = -1; io = 0; ix = 0
  s8 = 0; p8 = 1; mx8 = -huge(1_8); mn8 = huge(1_8)
  r4 = 0; q4 = 1; hx4 = -1e30; hn4 = 1e30
  r8 = 0; q8 = 1; hx8 = -1d300; hn8 = 1d300
  la = .true.; lo = .false.; le = .true.; ln = .false.
  !$omp target teams distribute parallel do simd map(tofrom: s4, p4, mx4, mn4, ia, io, ix, &
  !$omp&   s8, p8, mx8, mn8, r4, q4, hx4, hn4, r8, q8, hx8, hn8, la, lo, le, ln) &
  !$omp& reduction(+:s4, s8, r4, r8) reduction(*:p4, p8, q4, q8) &
  !$omp& reduction(max:mx4, mx8, hx4, hx8) reduction(min:mn4, mn8, hn4, hn8) &
  !$omp& reduction(iand:ia) reduction(ior:io) reduction(ieor:ix) &
  !$omp& reduction(.and.:la) reduction(.or.:lo) reduction(.eqv.:le) reduction(.neqv.:ln)
  do i = 1, n
    j = mod(i * 37, n) + 1
    s4 = s4 + j
    s8 = s8 + int(j, 8) * 100000_8
    r4 = r4 + real(j, 4)
    r8 = r8 + real(j, 8) * 0.5d0
    if (mod(i, 25) == 0) then
      p4 = p4 * 2; p8 = p8 * 3_8; q4 = q4 * 2.0; q8 = q8 * 0.5d0
    end if
    mx4 = max(mx4, j - 50); mn4 = min(mn4, j - 50)
    mx8 = max(mx8, int(j, 8) * 7_8); mn8 = min(mn8, -int(j, 8))
    hx4 = max(hx4, real(j, 4) * 0.25); hn4 = min(hn4, real(j, 4) - 3.0)
    hx8 = max(hx8, real(j, 8)); hn8 = min(hn8, real(j, 8) * 2.0d0)
    ia = iand(ia, not(ishft(1, mod(j, 7))) + ishft(1, mod(j, 7)) * merge(1, 0, j > 3))
    io = ior(io, ishft(1, mod(j, 13)))
    ix = ieor(ix, j)
    la = la .and. (j > 0)
    lo = lo .or. (j == 77)
    le = le .eqv. (mod(j, 2) == 0)
    ln = ln .neqv. (mod(j, 3) == 0)
  end do
  print '(a, 4i12)', 'i4', s4, p4, mx4, mn4
  print '(a, 4i16)', 'i8', s8, p8, mx8, mn8
  print '(a, 4f14.3)', 'r4', r4, q4, hx4, hn4
  print '(a, 4f14.3)', 'r8', r8, q8, hx8, hn8
  print '(a, 3i12)', 'bits', ia, io, ix
  print '(a, 4l3)', 'logical', la, lo, le, ln
end program simd_reductions
