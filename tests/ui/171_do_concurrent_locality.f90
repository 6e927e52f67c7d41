! Locality specs of `do concurrent`: a variable missing under `default(none)`, a name
! in two specs, a `local` constant.
program do_concurrent_locality
  implicit none
  integer, parameter :: n = 4
  integer :: i, t, u, a(n)
  do concurrent (i = 1:n) default(none) shared(a)
    t = i
    a(i) = t + u
  end do
  do concurrent (i = 1:n) local(t) shared(t)
    a(i) = 0
  end do
  do concurrent (i = 1:n) local(n)
    a(i) = 1
  end do
end program
