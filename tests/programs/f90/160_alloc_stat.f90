! stat= and errmsg= on allocate and deallocate: errors are reported in the variables and
! the program goes on; an allocated array keeps its shape and values after a failed
! second allocation.
program alloc_stat
  implicit none
  real, allocatable :: a(:), b(:, :)
  integer, allocatable :: c(:)
  integer :: st, i
  character(len=60) :: msg

  allocate(a(10), stat=st)
  print *, 'first allocate', st
  do i = 1, 10
    a(i) = real(i) / 2
  end do

  msg = 'untouched'
  allocate(a(5), stat=st, errmsg=msg)
  print *, 'second allocate', st, trim(msg)
  print *, 'shape kept', size(a), lbound(a), ubound(a), a(10)

  allocate(b(0:2, 3), c(4), stat=st, errmsg=msg)
  print *, 'two arrays', st, size(b), size(c), lbound(b, 1)
  b = 1.5
  c = [1, 2, 3, 4]
  print *, sum(b), sum(c)

  deallocate(a, stat=st)
  print *, 'deallocate', st
  msg = 'untouched'
  deallocate(a, stat=st, errmsg=msg)
  print *, 'deallocate again', st, trim(msg)

  ! deallocate and allocate in a loop, checking every status
  do i = 1, 3
    deallocate(c, stat=st)
    if (st /= 0) print *, 'unexpected', st
    allocate(c(i * 2), stat=st)
    if (st /= 0) print *, 'unexpected', st
    c = i
    print *, 'round', i, size(c), sum(c)
  end do

  deallocate(b, c, stat=st)
  print *, 'both freed', st
  allocate(a(3), stat=st, errmsg=msg)
  print *, 'reallocate', st, size(a)
  deallocate(a)
end program alloc_stat
