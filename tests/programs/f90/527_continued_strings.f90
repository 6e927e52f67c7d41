! Character literals continued over lines, with and without the leading `&`.
program continued_strings
  implicit none
  character(len=60) :: s
  character(len=*), parameter :: p = 'para&
      &meter'
  s = 'abc&
       &def'
  print '(a)', trim(s)
  s = "it's &
      ! a comment line between
  
      &continued ""twice"" &
      &here"
  print '(a)', trim(s)
  s = 'no leading &
      ampersand' // '!x'   ! a comment
  print '(a)', trim(s)
  print *, 'in a print &
           &statement', len(p), p
  write (*, '(a, i0)') 'don''t&
     & stop: ', 42
end program
