! Magic squares: the Siamese method for odd orders with wrap-around using modulo, the
! doubly-even construction by complementing cells on the diagonals of 4x4 blocks, and a
! checker using sum(dim=), diagonal sums with implied-do constructors and a permutation
! test with count; also a spiral fill of a rectangle checked the same way.
program magic_squares
  implicit none
  integer :: orders(4) = [3, 5, 4, 8], k
  do k = 1, size(orders)
    call build(orders(k))
  end do
  call spiral(4, 6)
contains
  subroutine build(n)
    integer, intent(in) :: n
    integer :: m(n, n), i, j, v, r, c, magic
    m = 0
    if (mod(n, 2) == 1) then
      r = 1; c = (n + 1) / 2
      do v = 1, n * n
        m(r, c) = v
        if (m(modulo(r - 2, n) + 1, modulo(c, n) + 1) /= 0) then
          r = modulo(r, n) + 1
        else
          r = modulo(r - 2, n) + 1
          c = modulo(c, n) + 1
        end if
      end do
    else
      v = 0
      do i = 1, n
        do j = 1, n
          v = v + 1
          if (mod(i - 1, 4) == mod(j - 1, 4) .or. mod(i - 1, 4) + mod(j - 1, 4) == 3) then
            m(i, j) = n * n + 1 - v
          else
            m(i, j) = v
          end if
        end do
      end do
    end if
    magic = n * (n * n + 1) / 2
    print '(A,I2,A,I5)', 'order', n, ' magic constant', magic
    if (n <= 5) then
      do i = 1, n
        print '(5I4)', m(i, :)
      end do
    end if
    print '(A,L2,A,L2,A,L2,A,L2)', 'rows', all(sum(m, dim=2) == magic), ' cols', &
      all(sum(m, dim=1) == magic), ' diag', sum([(m(i, i), i = 1, n)]) == magic, &
      ' anti', sum([(m(i, n + 1 - i), i = 1, n)]) == magic
    print '(A,L2)', 'uses 1..n*n once:', all([(count(m == v) == 1, v = 1, n * n)])
  end subroutine build
  subroutine spiral(nr, nc)
    integer, intent(in) :: nr, nc
    integer :: s(nr, nc), top, bot, lef, rig, v, i
    top = 1; bot = nr; lef = 1; rig = nc; v = 0
    do while (top <= bot .and. lef <= rig)
      do i = lef, rig
        v = v + 1; s(top, i) = v
      end do
      top = top + 1
      do i = top, bot
        v = v + 1; s(i, rig) = v
      end do
      rig = rig - 1
      if (top <= bot) then
        do i = rig, lef, -1
          v = v + 1; s(bot, i) = v
        end do
        bot = bot - 1
      end if
      if (lef <= rig) then
        do i = bot, top, -1
          v = v + 1; s(i, lef) = v
        end do
        lef = lef + 1
      end if
    end do
    do i = 1, nr
      print '(6I4)', s(i, :)
    end do
    print '(A,L2)', 'spiral uses each value once:', all([(count(s == v) == 1, v = 1, nr * nc)])
  end subroutine spiral
end program magic_squares
