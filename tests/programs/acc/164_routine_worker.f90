! routine worker: worker loops (and vector loops inside them) over the workers of the
! gang that calls it; worker reductions into locals and dummies; ten values its
! worker-single code computes, broadcast to the workers through the gang's shared memory
! (called from gang-redundant code: every gang stores the same values).
module rw_mod
  implicit none
contains
  ! The sum of a(:, :, k), its worker loop over the columns, a vector loop over the rows.
  subroutine plane_sum(a, n, m, k, s)
    !$acc routine worker
    integer, intent(in) :: n, m, k
    integer, intent(in) :: a(n, m, *)
    integer, intent(out) :: s
    integer :: i, j, t
    t = 0
    !$acc loop worker reduction(+:t)
    do j = 1, m
      !$acc loop vector reduction(+:t)
      do i = 1, n
        t = t + a(i, j, k)
      end do
    end do
    s = t
  end subroutine plane_sum
  ! Each column of a(:, :, k) scaled by its index, then its largest element found.
  subroutine plane_scale_max(a, n, m, k, big)
    !$acc routine worker
    integer, intent(in) :: n, m, k
    integer, intent(inout) :: a(n, m, *)
    integer, intent(inout) :: big
    integer :: i, j
    !$acc loop worker
    do j = 1, m
      !$acc loop vector
      do i = 1, n
        a(i, j, k) = a(i, j, k) * j
      end do
    end do
    !$acc loop worker vector collapse(2) reduction(max:big)
    do j = 1, m
      do i = 1, n
        big = max(big, a(i, j, k))
      end do
    end do
  end subroutine plane_scale_max
  subroutine spread10(c, b, n)
    !$acc routine worker
    integer, intent(in) :: n
    integer, intent(in) :: c(10)
    integer, intent(inout) :: b(n)
    integer :: i, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10
    v1 = c(1)
    v2 = c(2) * 2
    v3 = c(3) * 3
    v4 = c(4) * 4
    v5 = c(5) * 5
    v6 = c(6) * 6
    v7 = c(7) * 7
    v8 = c(8) * 8
    v9 = c(9) * 9
    v10 = c(10) * 10
    !$acc loop worker vector
    do i = 1, n
      b(i) = v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + i
    end do
  end subroutine spread10
end module rw_mod

program routine_worker
  use rw_mod
  implicit none
  integer, parameter :: n = 45, m = 7, l = 6
  integer :: a(n, m, l), s(l), big(l), i, j, k, c(10), b(70)
  do k = 1, l
    do j = 1, m
      do i = 1, n
        a(i, j, k) = mod(i * 7 + j * 3 + k, 50)
      end do
    end do
  end do
  !$acc parallel loop gang copyin(a) copyout(s) num_workers(4)
  do k = 1, l
    call plane_sum(a, n, m, k, s(k))
  end do
  print *, s
  big = -1
  !$acc parallel loop gang copy(a, big)
  do k = 1, l
    call plane_scale_max(a, n, m, k, big(k))
  end do
  print *, big
  print *, sum(a), a(n, m, l)
  c = [(mod(i, 4) + 1, i = 1, 10)]
  b = 0
  !$acc parallel copyin(c) copy(b) num_gangs(2) num_workers(4)
  call spread10(c, b, 70)
  !$acc end parallel
  print *, sum(b), b(1), b(70)
end program routine_worker
