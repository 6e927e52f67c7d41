! Forward jumps over OpenACC compute constructs: an input check with err= and go to skips
! the parallel loops, which otherwise run as usual inside the jumped-over statements.
program labels_around_acc
  implicit none
  integer :: i, n, ios, trial
  real :: a(100), s
  character(len=10) :: line

  do trial = 1, 3
    select case (trial)
    case (1)
      line = '50'
    case (2)
      line = '500'
    case default
      line = 'fifty'
    end select
    ios = 0
    read(line, *, iostat=ios, err=90) n
    if (n > 100) go to 80
    !$acc parallel loop copyout(a(1:n))
    do i = 1, n
      a(i) = 0.5 * i
    end do
    s = 0
    !$acc parallel loop reduction(+:s) copyin(a(1:n))
    do i = 1, n
      s = s + a(i)
    end do
    print *, 'trial', trial, 'n', n, 'sum', s
    cycle
80  print *, 'trial', trial, 'too large:', n
    cycle
90  print *, 'trial', trial, 'not a number, iostat > 0:', ios > 0
  end do
end program labels_around_acc
