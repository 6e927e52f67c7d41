! Sorting algorithms on integer and real arrays: insertion sort, bubble sort with an early
! exit, a recursive quicksort on index ranges, and a check that all agree; data from a
! linear congruential generator in integer(8).
module sorting
  implicit none
  integer(8), save :: state = 12345
contains
  integer function next_rand(m)
    integer, intent(in) :: m
    state = mod(state * 1103515245_8 + 12345_8, 2147483648_8)
    next_rand = int(mod(state / 65536_8, int(m, 8)))
  end function next_rand
  subroutine insertion(a, n)
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i, j, t
    do i = 2, n
      t = a(i)
      j = i - 1
      do while (j >= 1)
        if (a(j) <= t) exit
        a(j + 1) = a(j)
        j = j - 1
      end do
      a(j + 1) = t
    end do
  end subroutine insertion
  subroutine bubble(a, n, passes)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    integer, intent(out) :: passes
    logical :: swapped
    integer :: i
    real :: t
    passes = 0
    do
      swapped = .false.
      passes = passes + 1
      do i = 1, n - 1
        if (a(i) > a(i + 1)) then
          t = a(i); a(i) = a(i + 1); a(i + 1) = t
          swapped = .true.
        end if
      end do
      if (.not. swapped) exit
    end do
  end subroutine bubble
  recursive subroutine quick(a, lo, hi)
    integer, intent(inout) :: a(*)
    integer, intent(in) :: lo, hi
    integer :: p, i, j, t
    if (lo >= hi) return
    p = a((lo + hi) / 2)
    i = lo
    j = hi
    do while (i <= j)
      do while (a(i) < p)
        i = i + 1
      end do
      do while (a(j) > p)
        j = j - 1
      end do
      if (i <= j) then
        t = a(i); a(i) = a(j); a(j) = t
        i = i + 1
        j = j - 1
      end if
    end do
    call quick(a, lo, j)
    call quick(a, i, hi)
  end subroutine quick
end module sorting

program sort_test
  use sorting
  implicit none
  integer, parameter :: n = 200
  integer :: a(n), b(n), i, passes
  real :: r(12)
  do i = 1, n
    a(i) = next_rand(1000)
  end do
  b = a
  call insertion(a, n)
  call quick(b, 1, n)
  print *, 'equal', all(a == b), 'sorted', all(a(1:n-1) <= a(2:n))
  print *, 'first', a(1:8)
  print *, 'last', a(n-7:n)
  print *, 'sum', sum(a), sum(b)
  r = [(real(next_rand(100)) / 4.0, i = 1, 12)]
  call bubble(r, 12, passes)
  print '(6F8.2)', r
  print *, 'passes', passes
end program sort_test
