! flags: -fopenmp
! OpenMP 5.1's strictly structured blocks: a `block` construct right after `target` is the
! region's body, without `!$omp end target` (or with it). `c_f_pointer` to a block-local
! array pointer inside the region, from a device address taken there with `c_loc`.
program strict_block_device_ptr
  use iso_c_binding
  implicit none
  integer, parameter :: n = 40
  integer, target :: a(n)
  integer :: i, s
  do i = 1, n
    a(i) = i
  end do
  !$omp target map(tofrom: a)
  block
    integer, pointer :: q(:)
    type(c_ptr) :: p
    integer :: j
    p = c_loc(a(1))
    call c_f_pointer(p, q, [n / 2])
    do j = 1, n / 2
      q(j) = q(j) * 3 + lbound(q, 1) + size(q)
    end do
  end block
  s = 0
  !$omp target map(tofrom: s)
  block
    integer :: j
    do j = 1, n, 2
      s = s + j
    end do
  end block
  !$omp end target
  print *, sum(a), a(1), a(n / 2), a(n), s
end program
