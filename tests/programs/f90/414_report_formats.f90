! Formatted report output the way simulation codes print tables: I with widths and
! minimum digits (Iw.m), F/ES/E/EN/G on exactly representable values, L, A with widths,
! X and T-free spacing, repeat counts and nested groups, '/' record breaks, format strings
! and text built at run time with internal writes.
program report_formats
  implicit none
  integer :: i, step(4) = [0, 10, 250, 1000]
  real(8) :: t(4) = [0.0d0, 0.125d0, 3.5d0, 1024.75d0]
  real :: e(4) = [1.5, -0.0625, 256.0, 7.25e-3]
  character(len=40) :: fmt
  character(len=10) :: label
  print '(A)', '  step        time        energy'
  print '(A)', repeat('-', 32)
  do i = 1, 4
    print '(I6,F12.4,ES14.4)', step(i), t(i), e(i)
  end do
  print '(A)', repeat('-', 32)
  print '(A,I8.6)', 'padded:', 42
  print '(A,I0,A,I0)', 'min width: ', 7, ' and ', -123
  print '(3(I3,:,","))', 1, 2, 3
  print '(2(A,I2,2X))', 'a=', 1, 'b=', 2
  print '(A,4L2)', 'flags:', .true., .false., .true., .true.
  print '(A10,"|",A3,"|")', 'left', 'truncated'
  print '(E12.4)', 1024.75d0
  print '(EN12.3)', 0.125d0
  print '(G12.5)', 3.5d0
  print '(G12.5)', 0.0625d0
  print '(G12.5)', 1.0d6
  print '(F8.3,/,F8.3)', 1.5d0, -2.25d0
  print '(2(2I3,1X))', 1, 2, 3, 4
  print '(4(F6.2))', e
  ! format text built at run time with internal writes
  do i = 2, 4
    write(fmt, '(A,I0,A,I0,A)') '(A,', i, 'F8.', i - 1, ')'
    print '(A,1X,4F8.2)', trim(fmt), t(1:i)
  end do
  write(label, '(A,I3.3)') 'run_', 7
  print '(A)', '[' // label // ']'
  write(label, '(F10.2)') -12.5d0
  print '(A)', '[' // adjustl(label) // ']'
  ! list-directed output of mixed items
  print *, 'list:', 3, 2.5, .false., 'end'
  write(*, *) 'kinds:', 1.5d0, -4
  write(*, '(A,A)') 'unit star, ', 'then newline'
  write(6, '(2A)') 'unit 6', ' too'
  print '(I4)', (i * i, i = 1, 5)
  print '(*(I3))', (i, i = 10, 1, -3)
end program report_formats
