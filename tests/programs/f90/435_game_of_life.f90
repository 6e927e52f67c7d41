! Conway's game of life on a periodic integer grid: neighbour counts with modulo
! wrap-around, a glider that returns to its shape shifted by one cell after 4 generations,
! a blinker with period 2, population counts, and the grid drawn with characters.
program game_of_life
  implicit none
  integer, parameter :: n = 10
  integer :: g(0:n-1, 0:n-1), start(0:n-1, 0:n-1), gen, i, j
  g = 0
  ! glider
  g(1,2) = 1; g(2,3) = 1; g(3,1) = 1; g(3,2) = 1; g(3,3) = 1
  ! blinker far away
  g(7,6) = 1; g(7,7) = 1; g(7,8) = 1
  start = g
  call draw()
  do gen = 1, 8
    call step()
    print '(A,I2,A,I3)', 'generation', gen, ' population', sum(g)
  end do
  call draw()
  ! after 8 generations the glider moved by (2,2) and the blinker is back
  print '(A,L2)', 'glider shifted by 2:', all(g(3:5, 4:5) == start(1:3, 2:3))
  print '(A,L2)', 'blinker restored:', all(g(6:8, 6:8) == start(6:8, 6:8))
  ! run the glider all the way around the torus: 4*n generations
  g = 0
  g(1,2) = 1; g(2,3) = 1; g(3,1) = 1; g(3,2) = 1; g(3,3) = 1
  start = g
  do gen = 1, 4 * n
    call step()
  end do
  print '(A,L2)', 'glider back home after 40:', all(g == start)
contains
  subroutine step()
    integer :: nb(0:n-1, 0:n-1), di, dj
    nb = 0
    do j = 0, n - 1
      do i = 0, n - 1
        do dj = -1, 1
          do di = -1, 1
            if (di == 0 .and. dj == 0) cycle
            nb(i,j) = nb(i,j) + g(modulo(i + di, n), modulo(j + dj, n))
          end do
        end do
      end do
    end do
    where (g == 1 .and. (nb < 2 .or. nb > 3))
      g = 0
    elsewhere (g == 0 .and. nb == 3)
      g = 1
    end where
  end subroutine step
  subroutine draw()
    character(len=n) :: line
    do i = 0, n - 1
      do j = 0, n - 1
        if (g(i,j) == 1) then
          line(j+1:j+1) = '#'
        else
          line(j+1:j+1) = '.'
        end if
      end do
      print '(A)', line
    end do
  end subroutine draw
end program game_of_life
