! A discrete-event queue simulation (bank tellers) driven by an integer linear
! congruential generator: arrivals and service times in whole minutes, a FIFO queue in a
! circular buffer, per-teller busy time, waiting-time statistics and the longest queue,
! for one, two and three tellers.
module lcg
  implicit none
  integer(8), save :: state = 1
contains
  integer function next_int(lo, hi)
    integer, intent(in) :: lo, hi
    state = mod(state * 1103515245_8 + 12345_8, 2147483648_8)
    next_int = lo + int(mod(state / 65536_8, int(hi - lo + 1, 8)))
  end function next_int
end module lcg

program bank_queue
  use lcg
  implicit none
  integer, parameter :: ncust = 200, qcap = 256
  integer :: arrive(ncust), service(ncust), k, t
  do k = 1, ncust
    if (k == 1) then
      arrive(k) = 0
    else
      arrive(k) = arrive(k-1) + next_int(0, 4)
    end if
    service(k) = next_int(2, 7)
  end do
  print '(A,I5,A,I5)', 'last arrival at', arrive(ncust), ' total service', sum(service)
  do t = 1, 3
    call simulate(t)
  end do
contains
  subroutine simulate(nt)
    integer, intent(in) :: nt
    integer :: queue(0:qcap-1), qh, qn, busy_until(3), busy_time(3), who(3)
    integer :: clock, nextc, i, c, maxq, served, waits, maxwait
    qh = 0; qn = 0; busy_until = 0; busy_time = 0; who = 0
    nextc = 1; served = 0; waits = 0; maxwait = 0; maxq = 0
    clock = 0
    do while (served < ncust)
      do while (nextc <= ncust)
        if (arrive(nextc) /= clock) exit
        queue(mod(qh + qn, qcap)) = nextc
        qn = qn + 1
        nextc = nextc + 1
      end do
      maxq = max(maxq, qn)
      do i = 1, nt
        if (busy_until(i) <= clock .and. qn > 0) then
          c = queue(qh)
          qh = mod(qh + 1, qcap); qn = qn - 1
          busy_until(i) = clock + service(c)
          busy_time(i) = busy_time(i) + service(c)
          waits = waits + (clock - arrive(c))
          maxwait = max(maxwait, clock - arrive(c))
          served = served + 1
          who(i) = who(i) + 1
        end if
      end do
      clock = clock + 1
    end do
    print '(A,I2,A,I6,A,I4,A,I4)', 'tellers', nt, ' total wait', waits, ' max wait', maxwait, &
      ' max queue', maxq
    print '(A,3I5,A,3I5)', '  served', who, ' busy', busy_time
    print '(A,F8.3)', '  mean wait:', real(waits, 8) / ncust
  end subroutine simulate
end program bank_queue
