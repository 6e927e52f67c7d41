! flags: -fopenmp
! `requires unified_shared_memory` (gfortran 12 refuses the clause, hence expected output):
! the device works in the host's memory, so a map copies nothing. Each target region here
! would give a different answer on a device with separate memory (a write the host sees
! without `map(from:)`, a host write the device sees without `target update`, an
! allocatable the device fills without being mapped back, a dummy in `is_device_ptr`).
module usm_data
  implicit none
!$omp requires unified_shared_memory
  integer :: table(8)
end module usm_data

program requires_usm
  use usm_data
  implicit none
!$omp requires unified_shared_memory
  integer, parameter :: n = 64
  integer :: a(n), i, total
  integer, allocatable :: h(:)
  integer, target :: s(n)
  integer, pointer :: p(:)
  a = 1
  ! map(to:) only: the device's writes are the host's.
  !$omp target teams distribute parallel do map(to: a)
  do i = 1, n
    a(i) = a(i) + i
  end do
  print *, 'to only:', sum(a), a(1), a(n)
  ! Present data changed on the host after the mapping, no `target update`.
  !$omp target enter data map(to: a)
  a = 7
  total = 0
  !$omp target map(tofrom: total)
  do i = 1, n
    total = total + a(i)
  end do
  !$omp end target
  !$omp target exit data map(release: a)
  print *, 'after host write:', total
  ! An allocatable mapped `alloc`: the device's values stay on the host.
  allocate(h(n))
  h = 0
  !$omp target teams distribute parallel do map(alloc: h)
  do i = 1, n
    h(i) = 2 * i
  end do
  print *, 'alloc:', sum(h), h(n)
  ! Through a pointer, with a module array beside it.
  s = 3
  p => s
  table = 0
  !$omp target teams distribute parallel do map(to: p, table)
  do i = 1, n
    p(i) = p(i) * 2
    if (i <= 8) table(i) = i * i
  end do
  print *, 'pointer:', sum(s), sum(table)
  ! `is_device_ptr` on a dummy array: the host address is the device address.
  call bump(s, n)
  print *, 'is_device_ptr:', sum(s), s(n)
contains
  subroutine bump(x, m)
    integer, intent(in) :: m
    integer :: x(m)
    integer :: j
    !$omp target teams distribute parallel do is_device_ptr(x)
    do j = 1, m
      x(j) = x(j) + j
    end do
  end subroutine bump
end program requires_usm
