! error stop with an integer code from inside a nested procedure call after output has
! been written: a bounded queue whose overflow is a fatal error; stdout before the error
! and the exit status (5) are compared with gfortran.
module queue
  implicit none
  integer, parameter :: qcap = 4
  integer :: buf(0:qcap-1), head = 0, n = 0
contains
  subroutine enqueue(v)
    integer, intent(in) :: v
    if (n == qcap) then
      print '(A,I4)', 'queue overflow while adding', v
      error stop 5
    end if
    buf(mod(head + n, qcap)) = v
    n = n + 1
  end subroutine enqueue
  integer function dequeue()
    dequeue = buf(head)
    head = mod(head + 1, qcap)
    n = n - 1
  end function dequeue
end module queue

program error_stop_prog
  use queue
  implicit none
  integer :: i, v
  do i = 1, 3
    call enqueue(i * 10)
  end do
  v = dequeue()
  print '(A,I4)', 'dequeued', v
  call enqueue(40)
  call enqueue(50)
  print '(A,I3,A,I3)', 'size', n, ' head', head
  do while (n > 0)
    v = dequeue()
    print '(A,I4)', 'dequeued', v
  end do
  print '(A,I3)', 'wrapped head at', head
  do i = 1, 10
    call enqueue(100 + i)
    print '(A,I4,A,I2)', 'added', 100 + i, ' size', n
  end do
  print *, 'not reached'
end program error_stop_prog
