! get_environment_variable (values, lengths, status for missing and short values,
! trim_name), date_and_time (only what is deterministic: lengths and formats),
! execute_command_line (output order, exit status, wait), command arguments.
program environment_and_commands
  implicit none
  character(len=4096) :: v
  character(len=3) :: short
  character(len=8) :: date
  character(len=10) :: time
  character(len=5) :: zone
  integer :: n, st, vals(8), ex, cs
  integer(8) :: vals8(8)
  call get_environment_variable('PATH', length=n, status=st)
  print *, 'PATH set:', n > 0, st
  call get_environment_variable('GPUF_SURELY_UNSET_VARIABLE_42', v, n, st)
  print *, 'unset:', n, st, '[' // trim(v) // ']'
  call get_environment_variable('HOME', short, n, st)
  print *, 'short:', len_trim(short), st
  call get_environment_variable('PATH  ', v, status=st, trim_name=.true.)
  print *, 'trimmed name:', st
  call get_environment_variable('PATH  ', v, status=st, trim_name=.false.)
  print *, 'untrimmed name:', st
  call date_and_time(date, time, zone, vals)
  print *, len(date), date(1:2) == '20', time(7:7) == '.', zone(1:1) == '+' .or. zone(1:1) == '-'
  print *, vals(1) >= 2024, vals(2) >= 1 .and. vals(2) <= 12, vals(3) >= 1 .and. vals(3) <= 31
  print *, vals(5) >= 0 .and. vals(5) < 24, vals(8) >= 0 .and. vals(8) < 1000
  call date_and_time(values=vals8)
  print *, vals8(1) == vals(1)
  print *, 'before the command'
  call execute_command_line('echo from the shell')
  print *, 'after the command'
  call execute_command_line('exit 3', exitstat=ex, cmdstat=cs)
  print *, 'exit status', ex, cs
  ex = -7
  call execute_command_line('true', wait=.true., exitstat=ex)
  print *, 'true gives', ex
  print *, 'arguments:', command_argument_count()
  call get_command_argument(1, v, n, st)
  print *, n, st
end program
