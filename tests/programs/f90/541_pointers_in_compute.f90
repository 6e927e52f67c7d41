! Pointer assignment inside compute constructs: a local array pointer associated with
! mapped arrays and sections (its copy in the construct), and a scalar pointer component
! of a mapped structure.
program pointers_in_compute
  implicit none
  type holder
    integer :: n
    integer, pointer :: p => null()
  end type
  integer, target :: a(10), b(10)
  integer, pointer :: p(:)
  type(holder) :: h
  integer :: i, s
  a = [(i, i = 1, 10)]
  b = 0
  nullify(p)
  !$acc parallel copy(a, b) copyout(s)
  p => a
  p(3) = 30
  s = sum(p)
  p => null()
  !$acc end parallel
  print *, a, b, s
  !$acc parallel loop copy(b)
  do i = 1, 10
    p => b(i:i)
    p(1) = p(1) + i
  end do
  print *, b
  !$omp target map(tofrom: a, h)
  h%p => a(5)
  h%p = 500
  h%n = 1
  !$omp end target
  print *, a, h%n
end program
