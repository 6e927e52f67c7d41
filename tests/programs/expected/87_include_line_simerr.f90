! Run-time messages name the line in the original file, not in the text after `include`
! lines were expanded: the `present` error on sim gives line 17, where the `parallel loop`
! stands, although the included file put four more lines before it.
program include_line_simerr
  implicit none
  include '87_include_line_simerr.inc'
  integer :: c(n), d(n), i
  d = 3
  !$acc data copyin(d)
  !$acc parallel loop present(d) copyout(c)
  do i = 1, n
    c(i) = d(i) * i + twice
  end do
  print '(10i4)', c
  ! On the sim device c is no longer present here (its copyout ended with the
  ! construct); on the host device, whose memory is the host's, it always is.
  !$acc parallel loop present(d, c)
  do i = 1, n
    c(i) = d(i) + i
  end do
  !$acc end data
  print '(10i4)', c
end program include_line_simerr
