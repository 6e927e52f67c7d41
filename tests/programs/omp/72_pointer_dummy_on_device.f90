! flags: -fopenmp
! A `declare target` procedure with an array pointer dummy, called inside target regions:
! the caller's descriptor for it is a stack block of the device code (no heap there), and
! the procedure works on the device copy of the target.
subroutine add_all(p, s)
  implicit none
  integer, pointer, intent(in) :: p(:)
  integer, intent(inout) :: s
  integer :: k
  !$omp declare target
  do k = lbound(p, 1), ubound(p, 1)
    s = s + p(k) * k
  end do
end subroutine add_all

program pointer_dummy_on_device
  implicit none
  interface
    subroutine add_all(p, s)
      integer, pointer, intent(in) :: p(:)
      integer, intent(inout) :: s
    end subroutine add_all
  end interface
  integer, pointer :: a(:)
  integer :: i, s, t(4)
  allocate(a(3:50))
  do i = 3, 50
    a(i) = i - 2
  end do
  s = 1
  !$omp target map(tofrom: s) map(to: a)
  call add_all(a, s)
  !$omp end target
  t = 0
  !$omp target teams distribute map(tofrom: t) map(to: a)
  do i = 1, 4
    call add_all(a, t(i))
    t(i) = t(i) * i
  end do
  print *, s, t
  deallocate(a)
end program
