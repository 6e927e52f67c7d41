! Latin-1 bytes (not UTF-8) in character literals are kept as they are, as gfortran does.
program latin1
  implicit none
  character(len=*), parameter :: word = 'café'
  character(len=6) :: s
  character(len=3) :: c(2) = [character(len=3) :: 'àéü', 'ÿþab']
  print *, 'café'
  print '(a)', word
  print *, len(word), len('été'), iachar('é')
  s = word // '§'
  print '(a,"|")', s
  print '(a)', s(4:5)
  print '(2a)', c
  print '("naïve ",a)', word(1:3)
  select case (s(4:4))
  case ('é')
    print *, 'e acute'
  case default
    print *, 'other'
  end select
end program
