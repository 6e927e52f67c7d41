! A visitor over an expression tree: an abstract node type with a deferred `accept`
! binding, concrete nodes (numbers, sums, products, negations) linked by
! `class(node), pointer` components, an abstract visitor with deferred bindings taking
! polymorphic dummies, and three visitors (evaluate, print in prefix form, count the
! nodes by kind with `select type`).
module expr_tree
  implicit none
  type, abstract :: node
  contains
    procedure(accept_iface), deferred :: accept
  end type
  type, abstract :: visitor
  contains
    procedure(visit_iface), deferred :: visit
  end type
  abstract interface
    subroutine accept_iface(n, v)
      import :: node, visitor
      class(node), intent(in) :: n
      class(visitor), intent(inout) :: v
    end subroutine
    subroutine visit_iface(v, n)
      import :: node, visitor
      class(visitor), intent(inout) :: v
      class(node), intent(in) :: n
    end subroutine
  end interface

  type, extends(node) :: num
    integer :: value = 0
  contains
    procedure :: accept => leaf_accept
  end type
  type, extends(node) :: binary
    character :: op = '+'
    class(node), pointer :: left => null(), right => null()
  contains
    procedure :: accept => binary_accept
  end type
  type, extends(node) :: neg
    class(node), pointer :: arg => null()
  contains
    procedure :: accept => neg_accept
  end type

  type, extends(visitor) :: evaluator
    integer :: stack(32) = 0
    integer :: top = 0
  contains
    procedure :: visit => eval_visit
  end type
  type, extends(visitor) :: printer
    character(len=80) :: text = ''
  contains
    procedure :: visit => print_visit
  end type
  type, extends(visitor) :: counter
    integer :: leaves = 0, binaries = 0, negations = 0
  contains
    procedure :: visit => count_visit
  end type
contains
  subroutine leaf_accept(n, v)
    class(num), intent(in) :: n
    class(visitor), intent(inout) :: v
    call v%visit(n)
  end subroutine
  subroutine binary_accept(n, v)
    class(binary), intent(in) :: n
    class(visitor), intent(inout) :: v
    select type (v)
    type is (printer)
      ! Prefix form: the operator before its operands.
      call v%visit(n)
      call n%left%accept(v)
      call n%right%accept(v)
    class default
      call n%left%accept(v)
      call n%right%accept(v)
      call v%visit(n)
    end select
  end subroutine
  subroutine neg_accept(n, v)
    class(neg), intent(in) :: n
    class(visitor), intent(inout) :: v
    select type (v)
    type is (printer)
      call v%visit(n)
      call n%arg%accept(v)
    class default
      call n%arg%accept(v)
      call v%visit(n)
    end select
  end subroutine

  subroutine eval_visit(v, n)
    class(evaluator), intent(inout) :: v
    class(node), intent(in) :: n
    integer :: a, b
    select type (n)
    type is (num)
      v%top = v%top + 1
      v%stack(v%top) = n%value
    type is (binary)
      b = v%stack(v%top)
      a = v%stack(v%top - 1)
      v%top = v%top - 1
      select case (n%op)
      case ('+')
        v%stack(v%top) = a + b
      case ('*')
        v%stack(v%top) = a * b
      case default
        v%stack(v%top) = a - b
      end select
    type is (neg)
      v%stack(v%top) = -v%stack(v%top)
    end select
  end subroutine

  subroutine print_visit(v, n)
    class(printer), intent(inout) :: v
    class(node), intent(in) :: n
    character(len=12) :: w
    select type (n)
    type is (num)
      write (w, '(i0)') n%value
      v%text = trim(v%text) // ' ' // trim(w)
    type is (binary)
      v%text = trim(v%text) // ' ' // n%op
    type is (neg)
      v%text = trim(v%text) // ' neg'
    end select
  end subroutine

  subroutine count_visit(v, n)
    class(counter), intent(inout) :: v
    class(node), intent(in) :: n
    select type (n)
    class is (binary)
      v%binaries = v%binaries + 1
    class is (neg)
      v%negations = v%negations + 1
    class default
      v%leaves = v%leaves + 1
    end select
  end subroutine

  function leaf(x) result(p)
    integer, intent(in) :: x
    class(node), pointer :: p
    allocate(p, source=num(x))
  end function

  function op(c, l, r) result(p)
    character, intent(in) :: c
    class(node), pointer, intent(in) :: l, r
    class(node), pointer :: p
    type(binary), pointer :: b
    allocate(b)
    b%op = c
    b%left => l
    b%right => r
    p => b
  end function

  function negate(a) result(p)
    class(node), pointer, intent(in) :: a
    class(node), pointer :: p
    type(neg), pointer :: m
    allocate(m)
    m%arg => a
    p => m
  end function

  recursive subroutine free_tree(p)
    class(node), pointer, intent(inout) :: p
    select type (p)
    type is (binary)
      call free_tree(p%left)
      call free_tree(p%right)
    type is (neg)
      call free_tree(p%arg)
    end select
    deallocate(p)
  end subroutine
end module

program visitors
  use expr_tree
  implicit none
  class(node), pointer :: tree
  class(visitor), allocatable :: v
  integer :: k
  ! (2 + 3) * -(7 - 4)
  tree => op('*', op('+', leaf(2), leaf(3)), negate(op('-', leaf(7), leaf(4))))
  do k = 1, 3
    select case (k)
    case (1)
      allocate(evaluator :: v)
    case (2)
      allocate(printer :: v)
    case default
      allocate(counter :: v)
    end select
    call tree%accept(v)
    select type (v)
    type is (evaluator)
      print '(a,i0,a,i0)', 'value ', v%stack(1), ' depth left ', v%top
    type is (printer)
      print '(a,a)', 'prefix:', trim(v%text)
    type is (counter)
      print '(a,3(1x,i0))', 'counts', v%leaves, v%binaries, v%negations
    end select
    deallocate(v)
  end do
  call free_tree(tree)
  print '(a,l2)', 'freed', associated(tree)
end program
