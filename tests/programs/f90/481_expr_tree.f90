! Expression trees stored in parallel integer arrays (operator, left child, right child,
! leaf value): recursive evaluation, recursive printing in fully parenthesised infix into
! a host-associated character buffer, tree height and node counts, constant folding of
! subtrees that multiply by zero or one, and a derivative with respect to x.
program expr_tree
  implicit none
  integer, parameter :: maxn = 64
  integer :: op(maxn), lt(maxn), rt(maxn), val(maxn), nn, root, droot, froot
  character(len=200) :: buf
  integer :: blen, x
  ! op: 0 = constant, 1 = x, 2 = +, 3 = -, 4 = *
  nn = 0
  ! (3*x + 2) * (x - 1) * 1 + 0*x
  root = node(2, node(4, node(4, node(2, node(4, leaf(3), var()), leaf(2)), &
                                 node(3, var(), leaf(1))), leaf(1)), &
                 node(4, leaf(0), var()))
  call show('f      = ', root)
  do x = -2, 3
    print '(A,I3,A,I6)', 'f(', x, ') =', eval(root, x)
  end do
  print '(A,I3,A,I3)', 'nodes:', count_nodes(root), ' height:', height(root)
  froot = fold(root)
  call show('folded = ', froot)
  print '(A,I3)', 'nodes after folding:', count_nodes(froot)
  droot = fold(deriv(froot))
  call show("f'     = ", droot)
  do x = -2, 3
    print '(A,I3,A,I6,L2)', "f'(", x, ') =', eval(droot, x), eval(droot, x) == 6 * x - 1
  end do
contains
  integer function leaf(v)
    integer, intent(in) :: v
    nn = nn + 1
    op(nn) = 0; val(nn) = v; lt(nn) = 0; rt(nn) = 0
    leaf = nn
  end function leaf
  integer function var()
    nn = nn + 1
    op(nn) = 1; val(nn) = 0; lt(nn) = 0; rt(nn) = 0
    var = nn
  end function var
  integer function node(o, l, r)
    integer, intent(in) :: o, l, r
    nn = nn + 1
    op(nn) = o; lt(nn) = l; rt(nn) = r; val(nn) = 0
    node = nn
  end function node
  recursive integer function eval(t, xv) result(res)
    integer, intent(in) :: t, xv
    select case (op(t))
    case (0); res = val(t)
    case (1); res = xv
    case (2); res = eval(lt(t), xv) + eval(rt(t), xv)
    case (3); res = eval(lt(t), xv) - eval(rt(t), xv)
    case default; res = eval(lt(t), xv) * eval(rt(t), xv)
    end select
  end function eval
  recursive integer function count_nodes(t) result(c)
    integer, intent(in) :: t
    c = 1
    if (op(t) >= 2) c = c + count_nodes(lt(t)) + count_nodes(rt(t))
  end function count_nodes
  recursive integer function height(t) result(h)
    integer, intent(in) :: t
    h = 1
    if (op(t) >= 2) h = 1 + max(height(lt(t)), height(rt(t)))
  end function height
  logical function is_const(t, v)
    integer, intent(in) :: t, v
    is_const = op(t) == 0 .and. val(t) == v
  end function is_const
  recursive integer function fold(t) result(r)
    integer, intent(in) :: t
    integer :: a, b
    if (op(t) < 2) then
      r = t
      return
    end if
    a = fold(lt(t)); b = fold(rt(t))
    if (op(a) == 0 .and. op(b) == 0) then
      select case (op(t))
      case (2); r = leaf(val(a) + val(b))
      case (3); r = leaf(val(a) - val(b))
      case default; r = leaf(val(a) * val(b))
      end select
    else if (op(t) == 4 .and. (is_const(a, 0) .or. is_const(b, 0))) then
      r = leaf(0)
    else if (op(t) == 4 .and. is_const(a, 1)) then
      r = b
    else if (op(t) == 4 .and. is_const(b, 1)) then
      r = a
    else if (op(t) == 2 .and. is_const(a, 0)) then
      r = b
    else if ((op(t) == 2 .or. op(t) == 3) .and. is_const(b, 0)) then
      r = a
    else
      r = node(op(t), a, b)
    end if
  end function fold
  recursive integer function deriv(t) result(r)
    integer, intent(in) :: t
    select case (op(t))
    case (0); r = leaf(0)
    case (1); r = leaf(1)
    case (2, 3); r = node(op(t), deriv(lt(t)), deriv(rt(t)))
    case default
      r = node(2, node(4, deriv(lt(t)), rt(t)), node(4, lt(t), deriv(rt(t))))
    end select
  end function deriv
  subroutine show(label, t)
    character(len=*), intent(in) :: label
    integer, intent(in) :: t
    buf = ''
    blen = 0
    call put_tree(t)
    print '(A,A)', label, buf(1:blen)
  end subroutine show
  subroutine put(s)
    character(len=*), intent(in) :: s
    buf(blen+1:blen+len(s)) = s
    blen = blen + len(s)
  end subroutine put
  recursive subroutine put_tree(t)
    integer, intent(in) :: t
    character(len=12) :: num
    select case (op(t))
    case (0)
      write(num, '(I0)') val(t)
      call put(trim(num))
    case (1)
      call put('x')
    case default
      call put('(')
      call put_tree(lt(t))
      select case (op(t))
      case (2); call put(' + ')
      case (3); call put(' - ')
      case default; call put('*')
      end select
      call put_tree(rt(t))
      call put(')')
    end select
  end subroutine put_tree
end program expr_tree
