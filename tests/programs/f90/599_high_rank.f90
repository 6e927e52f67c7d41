! Arrays of rank 8 to 15: declaration, element access, whole-array operations, sum,
! shape and size, passing to an explicit-shape dummy, an assumed-shape dummy.
program high_rank
  implicit none
  integer :: a(2,1,2,1,2,1,2,1,2,1,2,1,2,1,2)
  real(8) :: b(2,2,2,2,2,2,2,2)
  integer, allocatable :: c(:,:,:,:,:,:,:,:,:,:)
  integer :: i
  a = 1
  a(2,1,2,1,2,1,2,1,2,1,2,1,2,1,2) = 100
  a(1,1,1,1,1,1,1,1,1,1,1,1,1,1,2) = 7
  print *, sum(a), size(a)
  print *, shape(a)
  b = 0.5d0
  b(1,2,1,2,1,2,1,2) = 4.0d0
  print *, sum(b), maxval(b), size(b, 8)
  allocate(c(2,2,2,2,2,2,2,2,2,3))
  c = reshape([(i, i = 1, size(c))], [2,2,2,2,2,2,2,2,2,3])
  print *, c(2,2,2,2,2,2,2,2,2,3), sum(c), ubound(c, 10)
  call flat(a, size(a))
  print *, total(c)
contains
  subroutine flat(x, n)
    integer, intent(in) :: n
    integer, intent(in) :: x(n)
    print *, x(1), x(n), count(x > 1)
  end subroutine
  integer function total(x)
    integer, intent(in) :: x(:,:,:,:,:,:,:,:,:,:)
    total = sum(x(:,:,:,:,:,:,:,:,:,2)) + size(x, 10)
  end function
end program
