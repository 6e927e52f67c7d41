! Two regressions the OpenACC V&V suite found:
! - a data construct left before waiting for the async kernels that read its data
!   (kernels_async, parallel_async): the device memory is freed only once the queued work
!   is done, as freeing synchronises with a GPU; a later copyin of the same size does not
!   overwrite what the held kernel reads;
! - a scalar that a parallel construct assigns a constant after a loop bounded by it
!   (data_with_changing_subscript): the loop runs to the scalar's value on entry, not to
!   the constant.
program async_free_and_bounds
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), c(n), z(n), i, k, s
  a = [(i, i = 1, n)]
  c = 0
  z = -1
  !$acc enter data create(c)
  !$acc data copyin(a)
  !$acc parallel loop async(1) present(c)
  do i = 1, n
    c(i) = a(i) * 2
  end do
  !$acc end data
  !$acc data copyin(z)
  !$acc end data
  !$acc update self(c) async(1)
  !$acc wait
  !$acc exit data delete(c)
  s = 0
  do i = 1, n
    s = s + c(i)
  end do
  print *, s, c(1), c(n)

  c = 0
  k = n
  !$acc parallel copyin(a) copy(c)
  !$acc loop
  do i = 1, k
    c(i) = a(i) + 1
  end do
  k = 1
  !$acc end parallel
  s = 0
  do i = 1, n
    s = s + c(i)
  end do
  print *, s, c(1), c(n), k
end program async_free_and_bounds
