! Gangs in several dimensions (OpenACC 3.3): num_gangs(n1, n2[, n3]) and gang(dim: d) loops
! nested from the highest dimension down: every iteration of the nest runs exactly once
! (counted per element), whatever number of gangs the device runs; a plain `gang` loop is
! dimension 1. gfortran 12 does not accept these clauses, hence a checked expected output.
program gang_dims
  implicit none
  integer, parameter :: n = 37, m = 23, l = 5
  integer :: cnt(m, n), cnt3(l, m, n), b(n), i, j, k
  cnt = 0
  !$acc parallel loop num_gangs(4, 3) gang(dim:2) copy(cnt)
  do i = 1, n
    !$acc loop gang(dim:1)
    do j = 1, m
      cnt(j, i) = cnt(j, i) + 1
    end do
  end do
  print *, 'two dimensions:', sum(cnt), minval(cnt), maxval(cnt)

  cnt3 = 0
  !$acc parallel num_gangs(2, 3, 2) vector_length(32) copy(cnt3)
  !$acc loop gang(dim:3)
  do i = 1, n
    !$acc loop gang(dim:2)
    do j = 1, m
      !$acc loop gang(dim:1) vector
      do k = 1, l
        cnt3(k, j, i) = cnt3(k, j, i) + 1
      end do
    end do
  end do
  !$acc end parallel
  print *, 'three dimensions:', sum(cnt3), minval(cnt3), maxval(cnt3)

  cnt = 0
  !$acc parallel loop num_gangs(3, 2) gang(dim:2) copy(cnt)
  do i = 1, n
    !$acc loop gang worker vector
    do j = 1, m
      cnt(j, i) = cnt(j, i) + 1
    end do
  end do
  print *, 'gang inside dim 2:', sum(cnt), minval(cnt), maxval(cnt)

  ! one loop over dimension 2: the gangs of dimension 1 run it redundantly
  b = 0
  !$acc parallel loop num_gangs(2, 4) gang(dim:2) copy(b)
  do i = 1, n
    b(i) = 2 * i
  end do
  print *, 'dimension 2 alone:', sum(b), b(1), b(n)
end program gang_dims
