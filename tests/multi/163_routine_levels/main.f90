program use_par_routines
  use par_routines
  implicit none
  integer :: a(50, 20), b(50, 20, 3), k
  !$acc parallel copyout(a)
  call fill(a, 50, 20)
  !$acc end parallel
  print *, sum(a), a(50, 20)
  b = 2
  !$acc parallel loop gang copy(b)
  do k = 1, 3
    call scale_rows(b(1, 1, k), 50, 20, k)
  end do
  print *, sum(b), b(50, 20, 3)
end program use_par_routines
