! A tiny stack-machine interpreter: a program stored as integer opcodes and operands, a
! fetch-decode-execute loop with select case, jumps and conditional jumps for loops,
! a call stack for subroutine calls, and programs computing a factorial, a gcd, and the
! sum of squares; execution ends with a halt opcode and reports the step count.
module vm
  implicit none
  integer, parameter :: PUSH = 1, ADD = 2, SUB = 3, MUL = 4, DUP = 5, SWAP = 6, JZ = 7, &
                        JMP = 8, PRINT = 9, HALT = 10, OVER = 11, MODOP = 12, DROP = 13, &
                        CALL = 14, RET = 15, ROT = 16
  integer :: code(100), ncode
contains
  subroutine emit(op, arg)
    integer, intent(in) :: op
    integer, intent(in), optional :: arg
    ncode = ncode + 1
    code(ncode) = op
    if (present(arg)) then
      ncode = ncode + 1
      code(ncode) = arg
    end if
  end subroutine emit
  subroutine run(steps)
    integer, intent(out) :: steps
    integer :: stack(64), sp, pc, op, a, b, rstack(16), rsp
    sp = 0; pc = 1; steps = 0; rsp = 0
    exec: do
      op = code(pc)
      pc = pc + 1
      steps = steps + 1
      select case (op)
      case (PUSH)
        sp = sp + 1; stack(sp) = code(pc); pc = pc + 1
      case (ADD, SUB, MUL, MODOP)
        b = stack(sp); a = stack(sp - 1); sp = sp - 1
        select case (op)
        case (ADD); stack(sp) = a + b
        case (SUB); stack(sp) = a - b
        case (MUL); stack(sp) = a * b
        case (MODOP); stack(sp) = mod(a, b)
        end select
      case (DUP)
        sp = sp + 1; stack(sp) = stack(sp - 1)
      case (OVER)
        sp = sp + 1; stack(sp) = stack(sp - 2)
      case (SWAP)
        a = stack(sp); stack(sp) = stack(sp - 1); stack(sp - 1) = a
      case (DROP)
        sp = sp - 1
      case (ROT)
        a = stack(sp - 2)
        stack(sp - 2) = stack(sp - 1)
        stack(sp - 1) = stack(sp)
        stack(sp) = a
      case (JZ)
        a = stack(sp); sp = sp - 1
        if (a == 0) then
          pc = code(pc)
        else
          pc = pc + 1
        end if
      case (JMP)
        pc = code(pc)
      case (CALL)
        rsp = rsp + 1; rstack(rsp) = pc + 1; pc = code(pc)
      case (RET)
        pc = rstack(rsp); rsp = rsp - 1
      case (PRINT)
        print '(A,I12)', 'vm output:', stack(sp)
        sp = sp - 1
      case (HALT)
        exit exec
      case default
        print '(A,I4)', 'bad opcode', op
        exit exec
      end select
    end do exec
  end subroutine run
end module vm

program stack_vm
  use vm
  implicit none
  integer :: steps
  ! factorial of 10: acc n -> loop: if n == 0 halt; acc *= n; n -= 1
  ncode = 0
  call emit(PUSH, 1); call emit(PUSH, 10)            ! 1..4
  call emit(DUP); call emit(JZ, 0)                   ! 5..7, target patched below
  call emit(DUP); call emit(PUSH, 0); call emit(ADD) ! 8..11 (copy n)
  call emit(SWAP); call emit(DROP)                   ! 12..13: keep n
  call emit(SWAP); call emit(OVER); call emit(MUL)   ! 14..16: acc*n, stack n acc*n
  call emit(JMP, 0)                                  ! 17..18, target patched below
  ncode = 29
  call emit(SWAP); call emit(PUSH, 1); call emit(SUB); call emit(JMP, 5)  ! 30..35
  call emit(DROP); call emit(PRINT); call emit(HALT) ! 36..38
  code(7) = 36
  code(18) = 30
  call run(steps)
  print '(A,I5)', 'steps:', steps
  ! gcd(1071, 462) by Euclid: a b -> while b /= 0: a b -> b a mod b
  ncode = 0
  call emit(PUSH, 1071); call emit(PUSH, 462)        ! 1..4
  call emit(DUP); call emit(JZ, 15)                  ! 5..7
  call emit(SWAP); call emit(OVER); call emit(MODOP) ! 8..10
  call emit(JMP, 5)                                  ! 11..12
  ncode = 14
  call emit(DROP); call emit(PRINT); call emit(HALT) ! 15..17
  call run(steps)
  print '(A,I5)', 'steps:', steps
  ! sum of squares 1..20 with a called square routine: stack holds acc n
  ncode = 0
  call emit(PUSH, 0); call emit(PUSH, 20)            ! 1..4
  call emit(DUP); call emit(JZ, 30)                  ! 5..7
  call emit(DUP); call emit(CALL, 40)                ! 8..10: acc n n*n
  call emit(ROT); call emit(ADD); call emit(SWAP)    ! 11..13: acc' n
  call emit(PUSH, 1); call emit(SUB)                 ! 14..16
  call emit(JMP, 5)                                  ! 17..18
  ncode = 29
  call emit(DROP); call emit(PRINT); call emit(HALT) ! 30..32
  ncode = 39
  call emit(DUP); call emit(MUL); call emit(RET)     ! 40..42
  call run(steps)
  print '(A,I5)', 'steps:', steps
  ! an invalid opcode stops the machine
  ncode = 0
  call emit(PUSH, 7); call emit(99)
  call run(steps)
  print '(A,I5)', 'steps:', steps
end program stack_vm
