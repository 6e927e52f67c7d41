program use_par_routines
  use par_routines
  implicit none
  interface
    subroutine add_row(a, n, m, i, v)
      !$acc routine vector
      integer, intent(in) :: n, m, i, v
      integer, intent(inout) :: a(n, m)
    end subroutine add_row
  end interface
  integer :: a(50, 20), b(50, 20, 3), k, i
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
  !$acc parallel loop gang worker copy(a)
  do i = 1, 50
    call add_row(a, 50, 20, i, i)
  end do
  print *, sum(a), a(50, 20)
end program use_par_routines
