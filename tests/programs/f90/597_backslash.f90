! flags: -fbackslash
! `-fbackslash`: C escapes in character literals.
program backslash
  character(len=12) :: s
  s = 'a\tb\\c'
  print *, len_trim(s), iachar(s(2:2)), s(3:5)
  print '(a)', 'line one\nline two'
  print *, iachar('\x41'), iachar('\0'), len('\a\b')
end program
