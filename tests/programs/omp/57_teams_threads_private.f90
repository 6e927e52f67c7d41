! flags: -fopenmp
! private and firstprivate data per team when teams run on several host threads: a private
! array per iteration of `distribute`, a firstprivate scalar and array, a collapsed
! `distribute parallel do` with a private temporary.
program teams_threads_private
  implicit none
  integer, parameter :: n = 3000, m = 6
  integer :: i, j, k, t, base
  integer :: tmp(m), w(m), out(n), grid(40, 50)
  do k = 1, m
    w(k) = 2 * k + 1
  end do
  base = 100
  !$omp target teams distribute private(tmp, t, k) firstprivate(w, base) map(from: out)
  do i = 1, n
    do k = 1, m
      tmp(k) = mod(i + k, 7) * w(k)
    end do
    t = base
    do k = 1, m
      t = t + tmp(k)
    end do
    out(i) = t
  end do
  print *, sum(out), out(1), out(n)
  !$omp target teams distribute parallel do collapse(2) private(t) map(from: grid)
  do j = 1, 50
    do i = 1, 40
      t = i * 1000 + j
      grid(i, j) = t + base
    end do
  end do
  print *, sum(grid), grid(40, 50), grid(1, 1)
end program teams_threads_private
