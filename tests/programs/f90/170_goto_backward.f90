! Backward GO TO loops in FORTRAN 77 style: a while loop built from IF and GO TO, nested
! backward loops, a retry on read errors with err= jumping back, and forward jumps out of
! and into the start of such loops.
program goto_backward
  implicit none
  integer :: n, steps, i, j, k, ios, v, tries
  character(len=8) :: line

  ! Collatz steps with a backward goto loop
  n = 27
  steps = 0
10 if (n /= 1) then
    if (mod(n, 2) == 0) then
      n = n / 2
    else
      n = 3 * n + 1
    end if
    steps = steps + 1
    go to 10
  end if
  print *, 'collatz steps', steps

  ! nested backward loops
  i = 0
  k = 0
20 i = i + 1
  j = 0
30 j = j + 1
  k = k + i * j
  if (j < i) goto 30
  if (i < 4) goto 20
  print *, 'nested', i, j, k

  ! a loop left by a forward jump
  i = 0
40 continue
  i = i + 1
  if (i * i > 50) go to 50
  go to 40
50 print *, 'first square above 50:', i * i

  ! retry with err= jumping back to the read
  tries = 0
60 tries = tries + 1
  select case (tries)
  case (1)
    line = 'x1'
  case (2)
    line = '4.5.6'
  case default
    line = '77'
  end select
  read(line, *, err=60) v
  print *, 'read', v, 'after', tries, 'tries'

  ! jumping forward to the start of a backward loop skips its setup
  k = 100
  if (k > 10) go to 70
  k = 0
70 k = k - 7
  if (k > 80) goto 70
  print *, 'k', k
  ios = 0
  if (ios == 0) print *, 'done'
end program goto_backward
