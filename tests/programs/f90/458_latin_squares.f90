! Backtracking search over small grids: counting 4x4 Latin squares, solving a 4x4 Sudoku
! (2x2 boxes) from clues given in a data string, and counting the solutions of an
! underconstrained puzzle; candidates checked by row, column and box loops.
program latin_squares
  implicit none
  integer :: g(4,4), nsol, i
  character(len=16) :: clues
  logical :: boxes
  g = 0; nsol = 0; boxes = .false.
  call search(1, .false.)
  print '(A,I5)', 'latin squares of order 4:', nsol
  g = 0; nsol = 0
  call search(1, .true.)
  print '(A,I5)', 'shidoku grids (4x4 sudoku):', nsol
  clues = '1..4..2..3..2..1'
  call load(clues)
  nsol = 0
  call search(1, .true.)
  print '(A,I3)', 'solutions for contradictory puzzle:', nsol
  clues = '1.3..4....4..3.1'
  call load(clues)
  nsol = 0
  call search(1, .true.)
  print '(A,I3)', 'solutions for puzzle:', nsol
  clues = '1..........3....'
  call load(clues)
  nsol = 0
  call search(1, .true.)
  print '(A,I3)', 'solutions with two clues:', nsol
contains
  subroutine load(s)
    character(len=16), intent(in) :: s
    integer :: k
    do k = 1, 16
      if (s(k:k) == '.') then
        g((k-1)/4 + 1, mod(k-1, 4) + 1) = 0
      else
        g((k-1)/4 + 1, mod(k-1, 4) + 1) = iachar(s(k:k)) - iachar('0')
      end if
    end do
  end subroutine load
  logical function allowed(r, c, v, useboxes)
    integer, intent(in) :: r, c, v
    logical, intent(in) :: useboxes
    integer :: k, br, bc, p, q
    allowed = .false.
    do k = 1, 4
      if (k /= c .and. g(r,k) == v) return
      if (k /= r .and. g(k,c) == v) return
    end do
    if (useboxes) then
      br = 2 * ((r - 1) / 2) + 1
      bc = 2 * ((c - 1) / 2) + 1
      do p = br, br + 1
        do q = bc, bc + 1
          if ((p /= r .or. q /= c) .and. g(p,q) == v) return
        end do
      end do
    end if
    allowed = .true.
  end function allowed
  recursive subroutine search(pos, useboxes)
    integer, intent(in) :: pos
    logical, intent(in) :: useboxes
    integer :: r, c, v
    if (pos > 16) then
      nsol = nsol + 1
      if (nsol == 1 .and. useboxes) then
        do r = 1, 4
          print '(4I2)', g(r,:)
        end do
      end if
      return
    end if
    r = (pos - 1) / 4 + 1
    c = mod(pos - 1, 4) + 1
    if (g(r,c) /= 0) then
      if (allowed(r, c, g(r,c), useboxes)) call search(pos + 1, useboxes)
      return
    end if
    do v = 1, 4
      if (allowed(r, c, v, useboxes)) then
        g(r,c) = v
        call search(pos + 1, useboxes)
        g(r,c) = 0
      end if
    end do
  end subroutine search
end program latin_squares
