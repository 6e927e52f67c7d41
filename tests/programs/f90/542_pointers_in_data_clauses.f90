! Array pointers to strided sections in OpenACC data clauses and compute constructs: the
! block mapped is the hull of the target's elements (reversed and remapped bounds too).
program pointers_in_data_clauses
  implicit none
  integer, target :: a(12), m(4,6)
  integer, pointer :: p(:), r(:,:)
  integer :: i, j
  a = [(i, i = 1, 12)]
  m = reshape([(i, i = 1, 24)], [4, 6])
  p => a(2:12:3)
  !$acc parallel loop copy(p)
  do i = 1, size(p)
    p(i) = p(i) * 100
  end do
  print *, a
  r => m(2:3, 1:6:2)
  !$acc parallel loop collapse(2)
  do j = 1, 3
    do i = 1, 2
      r(i, j) = -r(i, j)
    end do
  end do
  print *, m
  p(0:) => a(12:1:-4)
  !$acc data copy(p)
  !$acc parallel loop
  do i = 0, 2
    p(i) = p(i) + 1
  end do
  !$acc end data
  print *, a
end program
