! device_type (dtype) groups on compute constructs, loops, data and update: the host device
! takes the clauses of `host`/`multicore`, the sim device those of `default`, either one
! those of `*` when no group names it, else the defaults. What differs is seen through the
! number of gangs that run gang-redundant code (each counts itself), a loop that is `seq` on
! one device (every gang runs all of it) and gang-partitioned on another, and whether an
! async queue still holds work (the sim device starts a queue's work only when the host
! waits for it; the host device runs everything synchronously). The host device with
! ACC_NUM_CORES=1 runs one gang (NAME.out); the sim runs the asked-for gangs (NAME.sim.out).
! gfortran 12 does not accept `device_type` on these directives.
program device_type_ondevice
  use openacc
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n, n), cnt, i, j
  logical :: done

  ! defaults 3, host 2, sim 5
  cnt = 0
  !$acc parallel copy(cnt) num_gangs(3) device_type(host) num_gangs(2) device_type(default) num_gangs(5)
  !$acc atomic
  cnt = cnt + 1
  !$acc end parallel
  print '(a, i3)', 'gangs A:', cnt

  ! no group names the sim or the host: the default 4 on both
  cnt = 0
  !$acc parallel copy(cnt) num_gangs(4) dtype(nvidia) num_gangs(8) dtype(radeon) num_gangs(16)
  !$acc atomic
  cnt = cnt + 1
  !$acc end parallel
  print '(a, i3)', 'gangs B:', cnt

  ! `*` applies to every type not named: 6 on the sim; the host device's group says 7
  cnt = 0
  !$acc parallel copy(cnt) dtype(*) num_gangs(6) dtype(nvidia, host) num_gangs(7)
  !$acc atomic
  cnt = cnt + 1
  !$acc end parallel
  print '(a, i3)', 'gangs C:', cnt

  ! a loop that is `seq` on the sim (each of the 4 gangs runs all 40 iterations) and
  ! gang-partitioned elsewhere (40 iterations in all)
  cnt = 0
  !$acc parallel copy(cnt) num_gangs(4)
  !$acc loop gang device_type(default) seq
  do i = 1, n
    !$acc atomic
    cnt = cnt + 1
  end do
  !$acc end parallel
  print '(a, i4)', 'iterations D:', cnt

  ! the other way round: `seq` by default, gang-partitioned on the host and the sim
  cnt = 0
  !$acc parallel copy(cnt) num_gangs(4)
  !$acc loop seq device_type(host, default) gang
  do i = 1, n
    !$acc atomic
    cnt = cnt + 1
  end do
  !$acc end parallel
  print '(a, i4)', 'iterations E:', cnt

  ! device-specific levels and collapse give the same values everywhere
  !$acc parallel loop copyout(b) gang dtype(default) gang vector collapse(2) dtype(host) seq
  do j = 1, n
    do i = 1, n
      b(i, j) = i + n * j
    end do
  end do
  print '(a, i8)', 'sum b:', sum(b)

  !$acc kernels copyout(a) dtype(*) num_gangs(2)
  !$acc loop independent dtype(default) worker vector dtype(nvidia) gang
  do i = 1, n
    a(i) = 2 * i
  end do
  !$acc end kernels
  print '(a, i8)', 'sum a:', sum(a)

  ! `async` only on the sim: its queue 2 holds the work until the host waits
  a = 0
  !$acc enter data copyin(a)
  !$acc parallel loop present(a) device_type(default) async(2)
  do i = 1, n
    a(i) = i
  end do
  done = acc_async_test(2)
  print '(a, l2)', 'queue 2 done before wait:', done
  !$acc wait(2)
  !$acc update self(a) dtype(default) async(3)
  !$acc wait(3)
  !$acc exit data delete(a)
  print '(a, i8)', 'sum a after wait:', sum(a)

  ! a data construct with a device-specific async queue
  !$acc data copy(a) device_type(default) async(4)
  !$acc wait(4)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1
  end do
  !$acc end data
  !$acc wait
  print '(a, i8)', 'sum a after data:', sum(a)
end program device_type_ondevice
