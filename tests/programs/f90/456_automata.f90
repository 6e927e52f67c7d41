! Elementary cellular automata on logical arrays with fixed zero boundaries: rules 30, 90
! and 110 decoded from the rule number with mod/division (no bit intrinsics), rows drawn
! with characters, population counts, and rule 90's Sierpinski pattern checked against
! Pascal's triangle modulo 2.
program automata
  implicit none
  integer, parameter :: w = 31, steps = 15
  logical :: cell(0:w+1), nxt(0:w+1), table(0:7)
  integer :: rules(3) = [30, 90, 110], r, s, i, pop(steps), pascal(0:steps, 0:steps)
  logical :: ok
  do r = 1, size(rules)
    call decode(rules(r))
    cell = .false.
    cell(w/2 + 1) = .true.
    print '(A,I4)', 'rule', rules(r)
    do s = 1, steps
      if (s <= 8) call draw()
      pop(s) = count(cell(1:w))
      do i = 1, w
        nxt(i) = table(4 * merge(1, 0, cell(i-1)) + 2 * merge(1, 0, cell(i)) + merge(1, 0, cell(i+1)))
      end do
      cell(1:w) = nxt(1:w)
    end do
    print '(A,15I3)', 'population:', pop
  end do
  ! rule 90 from a single cell reproduces Pascal's triangle mod 2
  call decode(90)
  pascal = 0
  pascal(0,0) = 1
  do s = 1, steps
    pascal(s,0) = 1
    do i = 1, s
      pascal(s,i) = mod(pascal(s-1,i-1) + pascal(s-1,i), 2)
    end do
  end do
  cell = .false.
  cell(w/2 + 1) = .true.
  ok = .true.
  do s = 0, steps - 1
    do i = 0, s
      if (cell(w/2 + 1 - s + 2*i) .neqv. pascal(s,i) == 1) ok = .false.
    end do
    do i = 1, w
      nxt(i) = table(4 * merge(1, 0, cell(i-1)) + 2 * merge(1, 0, cell(i)) + merge(1, 0, cell(i+1)))
    end do
    cell(1:w) = nxt(1:w)
  end do
  print '(A,L2)', 'rule 90 matches Pascal mod 2:', ok
contains
  subroutine decode(rule)
    integer, intent(in) :: rule
    integer :: k, v
    v = rule
    do k = 0, 7
      table(k) = mod(v, 2) == 1
      v = v / 2
    end do
  end subroutine decode
  subroutine draw()
    character(len=w) :: line
    integer :: k
    do k = 1, w
      if (cell(k)) then
        line(k:k) = '#'
      else
        line(k:k) = '.'
      end if
    end do
    print '(A)', line
  end subroutine draw
end program automata
