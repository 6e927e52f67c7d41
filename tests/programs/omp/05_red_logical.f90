! flags: -fopenmp
! Logical reductions .and. .or. .eqv. .neqv.
program red_logical
  implicit none
  integer, parameter :: n = 999
  integer :: v(n), i
  logical :: all_pos, any_big, eq, ne
  do i = 1, n
    v(i) = mod(i * 17, 100)
  end do
  all_pos = .true.
  any_big = .false.
  eq = .true.
  ne = .false.
  !$omp target teams distribute parallel do map(to: v) &
  !$omp& reduction(.and.:all_pos) reduction(.or.:any_big) reduction(.eqv.:eq) reduction(.neqv.:ne)
  do i = 1, n
    all_pos = all_pos .and. v(i) >= 0
    any_big = any_big .or. v(i) > 98
    eq = eq .eqv. (mod(v(i), 3) == 0)
    ne = ne .neqv. (mod(v(i), 5) == 0)
  end do
  print *, all_pos, any_big, eq, ne
end program red_logical
