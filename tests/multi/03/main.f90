! Uses the module's character variables through its module file.
program saved_chars
  use messages
  implicit none
  integer :: i
  print *, '[', last_msg, ']'
  call record(2, 'start')
  call record(3, 'disk')
  call record(1, 'x=1')
  print *, '[', last_msg, ']', entries
  print '(A)', trim(journal)
  do i = 1, 4
    call remember(achar(iachar('a') + i - 1))
  end do
  levels(1) = 'trace'
  call record(1, 'end')
  print '(A)', trim(journal)
contains
  subroutine remember(c)
    character(len=1), intent(in) :: c
    character(len=6) :: seen = '>'
    character(len=3), save :: prev
    if (len_trim(seen) == 1) prev = '---'
    seen = trim(seen) // c
    print '(A,1X,A,1X,A)', seen, prev, c
    prev = c // c // c
  end subroutine remember
end program saved_chars
