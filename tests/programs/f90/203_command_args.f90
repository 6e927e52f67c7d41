! command_argument_count and get_command_argument with character variables (the
! programs run without arguments; argument 0 is the program's path).
program command_args
  implicit none
  character(len=256) :: arg
  character(len=1) :: tiny
  integer :: n, length, status, i

  n = command_argument_count()
  print *, 'count', n
  arg = 'unchanged'
  call get_command_argument(1, arg, length, status)
  print *, 'arg 1: [', trim(arg), ']', length, status
  call get_command_argument(0, arg, length, status)
  print *, 'arg 0:', len_trim(arg) > 0, length == len_trim(arg), status
  call get_command_argument(0, tiny, status=status)
  print *, 'short buffer status', status, tiny == arg(1:1)
  call get_command_argument(0, length=length)
  print *, 'length only', length == len_trim(arg)
  call get_command_argument(number=0, value=arg)
  print *, len_trim(arg) > 0
  call get_command_argument(-1, arg, length, status)
  print *, 'arg -1: [', trim(arg), ']', length, status
  do i = 1, 2
    arg = 'xxxxxxxx'
    call get_command_argument(i + n, arg(2:5), status=status)
    print *, i, '[', arg(1:8), ']', status
  end do
  do i = 1, n
    call get_command_argument(i, arg)
    print *, trim(arg)
  end do
end program
