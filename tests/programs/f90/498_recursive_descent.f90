! A recursive-descent parser and evaluator for real arithmetic expressions held in a
! character scalar: mutually recursive functions (expr, term, factor) sharing a cursor in
! the host, unary minus, parentheses, exponentiation by an integer power, decimal
! literals with dyadic values, and error reporting with the position of bad input.
program recursive_descent
  implicit none
  character(len=60) :: src
  integer :: pos
  logical :: bad
  call run('1 + 2 * 3')
  call run('(1 + 2) * 3')
  call run('-4.5 + 2 * (3 - 0.25)')
  call run('2 ^ 10 / 4 ^ 2')
  call run('((0.5))*((0.5))*-(8)')
  call run('1.25 * 4 - 3 / 0.75')
  call run('7 - - 2')
  call run('3 * (2 + )')
  call run('2 ^ 3 ^ 2')
contains
  subroutine run(text)
    character(len=*), intent(in) :: text
    real(8) :: v
    src = text
    pos = 1
    bad = .false.
    v = expr()
    call skip()
    if (pos <= len_trim(src) .and. .not. bad) call fail()
    if (bad) then
      print '(A,A,I3)', text, '  -> error at column', pos
    else
      print '(A,A,F12.5)', text, '  =', v
    end if
  end subroutine run
  subroutine skip()
    do while (pos <= len_trim(src))
      if (src(pos:pos) /= ' ') exit
      pos = pos + 1
    end do
  end subroutine skip
  character(len=1) function peek()
    call skip()
    peek = ' '
    if (pos <= len_trim(src)) peek = src(pos:pos)
  end function peek
  subroutine fail()
    bad = .true.
  end subroutine fail
  recursive real(8) function expr() result(v)
    character(len=1) :: c
    v = term()
    do while (.not. bad)
      c = peek()
      if (c == '+') then
        pos = pos + 1
        v = v + term()
      else if (c == '-') then
        pos = pos + 1
        v = v - term()
      else
        exit
      end if
    end do
  end function expr
  recursive real(8) function term() result(v)
    character(len=1) :: c
    v = power()
    do while (.not. bad)
      c = peek()
      if (c == '*') then
        pos = pos + 1
        v = v * power()
      else if (c == '/') then
        pos = pos + 1
        v = v / power()
      else
        exit
      end if
    end do
  end function term
  recursive real(8) function power() result(v)
    real(8) :: e
    v = factor()
    if (peek() == '^' .and. .not. bad) then
      pos = pos + 1
      e = power()
      v = v ** nint(e)
    end if
  end function power
  recursive real(8) function factor() result(v)
    character(len=1) :: c
    real(8) :: scale
    logical :: frac
    v = 0
    if (bad) return
    c = peek()
    select case (c)
    case ('-')
      pos = pos + 1
      v = -factor()
    case ('(')
      pos = pos + 1
      v = expr()
      if (peek() /= ')') then
        call fail()
        return
      end if
      pos = pos + 1
    case ('0':'9', '.')
      scale = 1; frac = .false.
      do while (pos <= len_trim(src))
        c = src(pos:pos)
        if (c == '.') then
          frac = .true.
        else if (c >= '0' .and. c <= '9') then
          if (frac) then
            scale = scale / 10
            v = v + scale * (iachar(c) - iachar('0'))
          else
            v = 10 * v + (iachar(c) - iachar('0'))
          end if
        else
          exit
        end if
        pos = pos + 1
      end do
    case default
      call fail()
    end select
  end function factor
end program recursive_descent
