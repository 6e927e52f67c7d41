! Benchmark: integer work with a do while loop and a max reduction.
program collatz
  implicit none
  integer, parameter :: n = 2000000
  integer :: i, best, steps
  integer(8) :: v
  best = 0
  !$acc parallel loop reduction(max:best) private(v, steps)
  do i = 1, n
    v = i
    steps = 0
    do while (v /= 1)
      if (mod(v, 2_8) == 0) then
        v = v / 2
      else
        v = 3 * v + 1
      end if
      steps = steps + 1
    end do
    best = max(best, steps)
  end do
  print *, 'longest chain:', best
end program collatz
