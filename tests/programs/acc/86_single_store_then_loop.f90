! A value the gang's leader stores in worker-single (or vector-single) code and the threads
! of the next partitioned loop read back from memory: every reader sees the store (the
! OpenACC V&V `*_reduction_max_loop` pattern: a worker reduction, its result stored into
! an array element, then a worker loop dividing by that element).
program single_store_then_loop
  implicit none
  integer, parameter :: ng = 6, n = 40
  integer :: a(n * ng), c(n * ng), mx(ng), first(ng), x, y, t, s
  do x = 1, n * ng
    a(x) = mod(x * 37, 101) + 1
  end do
  c = 0
  mx = 0
  first = 0
  ! worker-single store, worker loop reading it
  !$acc parallel loop gang private(t) num_workers(4) vector_length(32) copyin(a) copy(c, mx)
  do x = 0, ng - 1
    t = 0
    !$acc loop worker reduction(max:t)
    do y = 1, n
      t = max(t, a(x * n + y))
    end do
    mx(x + 1) = t
    !$acc loop worker
    do y = 1, n
      c(x * n + y) = mx(x + 1) - a(x * n + y)
    end do
  end do
  s = 0
  do x = 1, n * ng
    s = s + c(x)
  end do
  print *, mx
  print *, s, minval(c)
  ! vector-single store inside a worker loop, vector loop reading it
  c = 0
  !$acc parallel loop gang num_workers(2) vector_length(32) copyin(a) copy(c, first)
  do x = 0, ng - 1
    !$acc loop worker
    do t = 1, 1
      first(x + 1) = a(x * n + 1) * 2
      !$acc loop vector
      do y = 1, n
        c(x * n + y) = first(x + 1) + a(x * n + y)
      end do
    end do
  end do
  s = 0
  do x = 1, n * ng
    s = s + c(x)
  end do
  print *, first
  print *, s
  ! gang-redundant code on one gang: a serial construct's stores read by its loops
  c = 0
  !$acc serial copyin(a) copy(c, first)
  first(1) = a(3)
  !$acc loop vector
  do y = 1, n
    c(y) = first(1) * y
  end do
  first(2) = c(n)
  !$acc loop worker
  do y = 1, n
    c(n + y) = first(2) - y
  end do
  !$acc end serial
  print *, first(1), first(2), c(1), c(n), c(n + 1), c(2 * n)
end program single_store_then_loop
