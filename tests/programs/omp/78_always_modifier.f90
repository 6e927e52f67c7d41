! flags: -fopenmp
! The `always` map-type modifier copies even when the data is present already. Inside a
! target data region that holds `a` and `s`, the host changes them: a nested `target`
! with `map(always, to:)` sees the new values, one with a plain `map(to:)` would not (on
! a device with separate memory); `map(always, from:)` and `map(always, tofrom:)` bring
! the device's values back before the data region ends; `target enter data
! map(always, to:)` and `target exit data map(always, from:)` on data that stays mapped.
program always_modifier
  implicit none
  integer :: a(6), s, r, b(4), i
  a = [(i, i = 1, 6)]
  s = 10
  r = 0
  b = 1
  !$omp target data map(to: a, s) map(alloc: r)
  a = a * 100
  s = 20
  !$omp target map(always, to: a, s) map(always, from: r)
  r = s
  do i = 1, 6
    r = r + a(i)
  end do
  !$omp end target
  print *, 'always to, from:', r
  r = -1
  !$omp target map(always, tofrom: r) map(always, to: s)
  r = r * s
  !$omp end target
  print *, 'always tofrom:', r
  !$omp end target data
  !$omp target enter data map(to: b)
  !$omp target enter data map(to: b)
  b = 5
  !$omp target enter data map(always, to: b)
  !$omp target
  do i = 1, 4
    b(i) = b(i) + i
  end do
  !$omp end target
  !$omp target exit data map(always, from: b)
  print *, 'enter/exit always:', b
  b = 0
  !$omp target exit data map(from: b)
  print *, 'after last exit:', b
end program
