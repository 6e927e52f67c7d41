! A loop that is `seq` by default but a gang loop on nvidia, inside a worker loop: the
! nesting is wrong for nvidia's clauses (E0307).
program p
  implicit none
  integer :: a(10, 10), i, j
  !$acc parallel loop worker copyout(a)
  do j = 1, 10
    !$acc loop seq dtype(nvidia) gang
    do i = 1, 10
      a(i, j) = i + j
    end do
  end do
  print *, a(1, 1)
end program p
