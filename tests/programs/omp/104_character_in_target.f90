! flags: -fopenmp
! Character scalars and arrays in target regions: aggregates in OpenMP, so mapped
! (implicitly tofrom) and copied back; assignments of variables, elements, substrings and
! literals (blank-padded, truncated) on the device.
program character_in_target
  implicit none
  integer, parameter :: n = 6
  character :: c, cs(n)
  character(len=5) :: w, ws(n)
  character(len=3) :: short
  integer :: i
  c = 'a'
  w = 'hello'
  short = 'xyz'
  cs = '-'
  ws = '?????'
  !$omp target teams distribute parallel do map(tofrom: cs, ws) map(to: c, w)
  do i = 1, n
    cs(i) = c
    if (mod(i, 2) == 0) then
      ws(i) = w(2:4)
    else
      ws(i) = w
    end if
  end do
  print '(6a2)', cs
  print '(6(a,"|"))', ws
  !$omp target
  c = 'b'
  w = 'a long literal'
  short(2:2) = c
  ws(1)(3:5) = short
  !$omp end target
  print '(a, "|", a, "|", a, "|", a)', c, w, short, ws(1)
end program
