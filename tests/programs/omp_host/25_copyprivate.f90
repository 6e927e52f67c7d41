! flags: -fopenmp
! single copyprivate (scalars in registers and memory, a private array, a complex, in an
! orphaned single too); private, firstprivate and lastprivate complex variables; an item
! both firstprivate and lastprivate.
program copyprivate_prog
  use omp_lib
  implicit none
  integer :: n, bad, arr(5), i
  real(8) :: x
  complex :: z
  bad = 0
  !$omp parallel private(n, x, arr, z) reduction(+:bad)
  n = -1
  x = -1
  arr = -1
  z = (0.0, 0.0)
  !$omp single
  n = 42
  x = 2.5d0
  arr = [(i * i, i = 1, 5)]
  z = (1.5, -2.0)
  !$omp end single copyprivate(n, x, arr, z)
  if (n /= 42 .or. x /= 2.5d0 .or. any(arr /= [1, 4, 9, 16, 25]) .or. z /= (1.5, -2.0)) bad = bad + 1
  !$omp end parallel
  print *, bad
  call orphan(bad)
  print *, bad
  z = (1.0, 1.0)
  !$omp parallel do firstprivate(z) lastprivate(z)
  do i = 1, 40
    z = z * (1.0, 0.0) + cmplx(0.0, real(i))
    z = cmplx(real(i), 2.0 * i)
  end do
  print *, z
  ! An item both firstprivate and lastprivate on parallel do: one private copy per thread.
  n = 10
  !$omp parallel do firstprivate(n) lastprivate(n)
  do i = 1, 50
    if (i == 50) n = 1000 + n
  end do
  print *, n
contains
  subroutine orphan(b)
    integer, intent(inout) :: b
    integer :: k
    b = 0
    !$omp parallel private(k) reduction(+:b)
    call pick(k)
    if (k /= 7) b = b + 1
    !$omp end parallel
  end subroutine
  subroutine pick(k)
    integer, intent(out) :: k
    integer :: t
    t = 0
    !$omp single
    t = 7
    !$omp end single copyprivate(t)
    k = t
  end subroutine
end program copyprivate_prog
