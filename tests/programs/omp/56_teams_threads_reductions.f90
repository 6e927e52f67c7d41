! flags: -fopenmp
! Reductions of every operator and type over `target teams distribute` and `target teams
! distribute parallel do`, whose teams the host device runs on several threads
! (OMP_NUM_THREADS); exact data, so the results do not depend on the team count.
program teams_threads_reductions
  implicit none
  integer, parameter :: n = 60000
  integer :: i, s, p, mx, mn, ia, io, ix
  integer(8) :: s8
  real(8) :: r, q
  real(4) :: m4
  logical :: la, lo, le, ln
  s = 0; p = 1; mx = -1; mn = 10**9; ia = -1; io = 0; ix = 0; s8 = 0
  r = 0; q = 1; m4 = 0
  la = .true.; lo = .false.; le = .true.; ln = .false.
  !$omp target teams distribute parallel do reduction(+:s, s8, r) reduction(*:p, q) &
  !$omp& reduction(max:mx, m4) reduction(min:mn) reduction(iand:ia) reduction(ior:io) &
  !$omp& reduction(ieor:ix) reduction(.and.:la) reduction(.or.:lo) reduction(.eqv.:le) &
  !$omp& reduction(.neqv.:ln)
  do i = 1, n
    s = s + mod(i, 10)
    s8 = s8 + int(i, 8) * 1000000_8
    r = r + 0.5d0
    if (mod(i, 7500) == 0) then
      p = p * 3
      q = q * 2d0
    end if
    mx = max(mx, mod(i * 7919, 60013))
    m4 = max(m4, real(mod(i, 777)))
    mn = min(mn, mod(i * 7919, 60013) + 4)
    ia = iand(ia, not(ishft(1, mod(i, 12) + 3)))
    io = ior(io, ishft(1, mod(i, 23)))
    ix = ieor(ix, i * 3)
    la = la .and. (i /= 31313)
    lo = lo .or. (i == 4242)
    le = le .eqv. (mod(i, 4) /= 0)
    ln = ln .neqv. (mod(i, 6) == 0)
  end do
  print *, s, p, mx, mn, ia, io, ix
  print *, s8, r, q, m4
  print *, la, lo, le, ln
  s = 0; r = 0
  !$omp target teams distribute reduction(+:s, r)
  do i = 1, n
    s = s + mod(i, 100) * 2
    r = r + 0.25d0
  end do
  print *, s, r
end program teams_threads_reductions
