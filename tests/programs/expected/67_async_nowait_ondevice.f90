! A program that forgets a `wait`: the results of async work are read before the queue is
! waited for. The host device runs every construct at once, so the answer is right there;
! on the sim device queued work starts only when the host synchronises with its queue, so
! the host reads the stale values every time (NAME.sim.out), as a GPU may let it.
program async_nowait_ondevice
  use openacc
  implicit none
  integer, parameter :: n = 16
  integer :: a(n), s, i
  a = 1
  s = 0
  !$acc data copy(a)
  !$acc parallel loop present(a) async(1)
  do i = 1, n
    a(i) = a(i) + i
  end do
  ! missing: !$acc wait(1)
  !$acc update self(a) async(1)
  print *, 'without wait:', a(1), a(n), sum(a)
  print *, 'queue 1 done before the wait:', acc_async_test(1)
  !$acc wait(1)
  print *, 'after wait:  ', a(1), a(n), sum(a)
  !$acc end data
  ! a reduction read before its queue finished
  !$acc parallel loop reduction(+:s) copy(s) async(2)
  do i = 1, n
    s = s + i
  end do
  print *, 'sum without wait:', s
  !$acc wait
  print *, 'sum after wait:  ', s
end program async_nowait_ondevice
