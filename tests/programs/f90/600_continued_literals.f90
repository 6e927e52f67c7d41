! Character literals continued over lines (free form): with `&` at the start of the next
! line or without it (then leading blanks belong to the literal), with quotes, `!` and
! `&` inside, in formats, in data and parameter definitions, and in calls.
program continued_literals
  implicit none
  character(*), parameter :: p = 'para&
                                 &meter'
  character(40) :: s, t
  data t /'data&
    &-initialised'/
  s = 'abc&
     &def'
  print *, s
  print *, 'it''s a &
  &quote: "x" ! not a comment &
  &and an & inside'
  print *, "double&
     & quoted with 'single'"
  print *, 'no amp&
     on the next line'
  print '(a, "-&
          &x", i3)', p, 42
  print *, trim(t), len(p)
  call show('argu&
            &ment', 3)
contains
  subroutine show(c, n)
    character(*), intent(in) :: c
    integer, intent(in) :: n
    print *, c, n, len(c)
  end subroutine
end program
