! entry statements in external and module subroutines: entry points with their own
! dummies (scalars, explicit-shape arrays sized by a dummy, characters), without
! dummies, sharing saved and module variables, falling through into a later entry.
subroutine stats(a, n)
  implicit none
  integer :: n
  real :: a(n)
  character(len=*) :: label
  integer, save :: calls = 0
  real, save :: last = 0
  calls = calls + 1
  last = sum(a)
  print *, 'stats', n, last, maxval(a)
  return
  entry report(label)
  print *, 'report ', label, ': calls =', calls, ' last =', last
  return
  entry scale(a, n)
  a = 2 * a
  print *, 'scaled', a
  return
  entry bump()
  calls = calls + 10
  ! falls through into the next entry's code
  entry mark()
  last = -last
  print *, 'mark', calls, last
end subroutine

module counter_m
  implicit none
  integer :: total = 0
contains
  subroutine add(k)
    integer, intent(in) :: k
    total = total + k
    return
    entry reset()
    total = 0
    return
    entry add_twice(k)
    total = total + 2 * k
  end subroutine
end module

program entries
  use counter_m
  implicit none
  real :: v(4) = [1.0, 2.0, 3.0, 4.0]
  real :: w(2) = [0.5, -1.0]
  real :: none(1)
  call stats(v, 4)
  call report('first')
  call scale(w, 2)
  call stats(w, 2)
  none = 0
  call bump()
  call report('after bump')
  call mark()
  call add(5)
  call add_twice(3)
  print *, total
  call reset()
  print *, total
  call add(1)
  print *, total
end program
