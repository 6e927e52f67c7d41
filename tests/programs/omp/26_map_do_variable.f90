! flags: -fopenmp
! The variable of an enclosing `do` loop named in map clauses (of target, target data,
! enter/exit data) and made explicit by defaultmap(tofrom: scalar): the construct sees its
! value.
program map_do_variable
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), c(n), s, x, y, r, tot
  a = [(x, x = 1, n)]
  tot = 0
  do s = 16, n, 16
    c = -1
    !$omp target if(s > 20) map(to: s, a(1:s)) map(tofrom: c(1:s))
    c(1:s) = a(1:s) + s
    !$omp end target
    tot = tot + sum(c)
  end do
  print *, tot
  do s = 1, 3
    !$omp target data map(tofrom: c) map(to: s)
    !$omp target map(to: s)
    c(s) = 100 * s
    !$omp end target
    !$omp end target data
  end do
  print *, c(1:4)
  do x = 1, n, 16
    r = 1
    !$omp target teams distribute defaultmap(tofrom: scalar) reduction(*: r)
    do y = 1, 3
      r = r * (a(x + y) - x)
    end do
    print *, x, r
  end do
  do s = 2, 4
    !$omp target enter data map(to: s, a)
    !$omp target
    a(s) = a(s) * s
    !$omp end target
    !$omp target exit data map(from: a) map(release: s)
  end do
  print *, a(1:5)
end program map_do_variable
