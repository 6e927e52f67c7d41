! flags: -fdefault-integer-8
! The openacc module's data routines with default integers of kind 8: explicit lengths
! (`len` has specifics for both kinds) and array sections; the constants keep their kind.
program api_default_integer8
  use openacc
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n), i
  a = [(i, i = 1, n)]
  b = 0
  call acc_copyin(a, n * 8)
  call acc_create(b(1:n), n * 8)
  print *, 'present:', acc_is_present(a), acc_is_present(b, 8 * n), kind(acc_device_host)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = 3 * a(i)
  end do
  call acc_update_self(b(1:n/2), 4 * n)
  print *, b(1), b(n/2)
  call acc_copyout(b, 8 * n)
  call acc_delete(a, n * 8)
  print *, b(1), b(n), sum(b)
end program api_default_integer8
