! A tokenizer for arithmetic expressions on character scalars scanned one character at a
! time (no index/scan): tokens kept as start/end positions into the string, kinds chosen
! with select case on character ranges, numbers converted with iachar; then a shunting-yard
! evaluation of integer expressions with explicit value and operator stacks.
program tokenizer
  implicit none
  integer :: ts(50), te(50), kind(50), ntok, i
  character(len=27) :: line
  line = 'x1 = (12 + 3) * 4 - alpha/2'
  call lex(line, ts, te, kind, ntok)
  do i = 1, ntok
    print '(I3,1X,I1,1X,A)', i, kind(i), line(ts(i):te(i))
  end do
  call show('1 + 2 * 3')
  call show('(1 + 2) * 3')
  call show('100 / 7 / 2')
  call show('2 * (3 + 4) * (5 - 1) - 6')
  call show('  42  ')
  call show('((((7))))-8*2')
contains
  subroutine lex(s, ts, te, k, n)
    character(len=*), intent(in) :: s
    integer, intent(out) :: ts(50), te(50), k(50), n
    integer :: p, q
    n = 0
    p = 1
    do while (p <= len_trim(s))
      q = p
      select case (s(p:p))
      case (' ')
        p = p + 1
        cycle
      case ('0':'9')
        do while (q < len(s))
          if (s(q+1:q+1) < '0' .or. s(q+1:q+1) > '9') exit
          q = q + 1
        end do
        n = n + 1; k(n) = 1
      case ('a':'z', 'A':'Z', '_')
        do while (q < len(s))
          select case (s(q+1:q+1))
          case ('a':'z', 'A':'Z', '_', '0':'9')
            q = q + 1
          case default
            exit
          end select
        end do
        n = n + 1; k(n) = 2
      case ('(', ')')
        n = n + 1; k(n) = 4
      case default
        n = n + 1; k(n) = 3
      end select
      ts(n) = p; te(n) = q
      p = q + 1
    end do
  end subroutine lex
  integer function prec(op)
    character(len=1), intent(in) :: op
    select case (op)
    case ('+', '-')
      prec = 1
    case ('*', '/')
      prec = 2
    case default
      prec = 0
    end select
  end function prec
  integer function to_int(s)
    character(len=*), intent(in) :: s
    integer :: p
    to_int = 0
    do p = 1, len(s)
      to_int = 10 * to_int + iachar(s(p:p)) - iachar('0')
    end do
  end function to_int
  subroutine show(s)
    character(len=*), intent(in) :: s
    character(len=50) :: ops
    integer :: ts(50), te(50), k(50), n, vals(50), nv, no, j
    character(len=1) :: c
    call lex(s, ts, te, k, n)
    nv = 0; no = 0
    ops = ''
    do j = 1, n
      c = s(ts(j):ts(j))
      select case (k(j))
      case (1)
        nv = nv + 1; vals(nv) = to_int(s(ts(j):te(j)))
      case (3)
        do while (no > 0)
          if (prec(ops(no:no)) < prec(c)) exit
          call apply(vals, nv, ops(no:no), no)
        end do
        no = no + 1; ops(no:no) = c
      case (4)
        if (c == '(') then
          no = no + 1; ops(no:no) = '('
        else
          do while (ops(no:no) /= '(')
            call apply(vals, nv, ops(no:no), no)
          end do
          no = no - 1
        end if
      end select
    end do
    do while (no > 0)
      call apply(vals, nv, ops(no:no), no)
    end do
    print '(A,A,I6,A,I3)', s, ' =', vals(1), '  tokens:', n
  end subroutine show
  subroutine apply(vals, nv, op, no)
    integer, intent(inout) :: vals(50), nv, no
    character(len=1), intent(in) :: op
    integer :: a, b
    b = vals(nv); a = vals(nv-1); nv = nv - 1
    select case (op)
    case ('+'); vals(nv) = a + b
    case ('-'); vals(nv) = a - b
    case ('*'); vals(nv) = a * b
    case ('/'); vals(nv) = a / b
    end select
    no = no - 1
  end subroutine apply
end program tokenizer
