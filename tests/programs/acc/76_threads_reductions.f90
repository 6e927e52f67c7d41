! Gang reductions of every operator and type over many gangs: the host device splits the
! gang loop over its threads (ACC_NUM_CORES), and each thread's partial result is combined
! into the result; exact data, so the answers do not depend on the thread count.
program threads_reductions
  implicit none
  integer, parameter :: n = 100000
  integer :: i
  integer(4) :: s4, p4, mx4, mn4, ia, io, ix
  integer(8) :: s8, mx8
  real(4) :: r4, m4
  real(8) :: r8, p8, mn8
  logical :: la, lo, le, ln
  s4 = 7; p4 = 1; mx4 = -5; mn4 = 10**9; ia = -1; io = 0; ix = 0
  s8 = 0; mx8 = 0
  r4 = 0; m4 = -1; r8 = 1.5d0; p8 = 1; mn8 = 1d30
  la = .true.; lo = .false.; le = .true.; ln = .false.
  !$acc parallel loop reduction(+:s4, s8, r4, r8) reduction(*:p4, p8) &
  !$acc& reduction(max:mx4, mx8, m4) reduction(min:mn4, mn8) &
  !$acc& reduction(iand:ia) reduction(ior:io) reduction(ieor:ix) &
  !$acc& reduction(.and.:la) reduction(.or.:lo) reduction(.eqv.:le) reduction(.neqv.:ln)
  do i = 1, n
    s4 = s4 + mod(i, 13)
    s8 = s8 + int(i, 8) * 100000_8
    r4 = r4 + 0.25
    r8 = r8 + real(mod(i, 4), 8) * 0.5d0
    if (mod(i, 9999) == 0) then
      p4 = p4 * 2
      p8 = p8 * 0.5d0
    end if
    mx4 = max(mx4, mod(i * 7919, 100003))
    mx8 = max(mx8, int(i, 8) * 3_8)
    m4 = max(m4, real(mod(i, 1000)))
    mn4 = min(mn4, mod(i * 7919, 100003) + 11)
    mn8 = min(mn8, real(n - i, 8) + 0.5d0)
    ia = iand(ia, not(ishft(1, mod(i, 20) + 10)) + 0)
    io = ior(io, ishft(1, mod(i, 17)))
    ix = ieor(ix, i)
    la = la .and. (i /= 77777)
    lo = lo .or. (i == 55555)
    le = le .eqv. (mod(i, 3) /= 0)
    ln = ln .neqv. (mod(i, 5) == 0)
  end do
  print *, s4, p4, mx4, mn4, ia, io, ix
  print *, s8, mx8
  print *, r4, m4, r8, p8, mn8
  print *, la, lo, le, ln
  ! the same reductions in a kernels loop and in a parallel region's gang loop
  s4 = 0; mx8 = 0; r8 = 0
  !$acc kernels loop reduction(+:s4) reduction(max:mx8)
  do i = 1, 1000
    s4 = s4 + i
    mx8 = max(mx8, int(mod(i * 37, 1001), 8))
  end do
  !$acc parallel reduction(+:r8)
  !$acc loop gang reduction(+:r8)
  do i = 1, 1000
    r8 = r8 + 0.125d0
  end do
  !$acc end parallel
  print *, s4, mx8, r8
end program threads_reductions
