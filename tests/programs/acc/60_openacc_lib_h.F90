! OpenACC's header for Fortran: `include 'openacc_lib.h'` in a program and in a procedure
! after its declarations makes the constants and routines of the module `openacc` available.
! (A .F90 file: the front end's own test of the sample programs reads no include files.)
subroutine scale(a, n, f)
  implicit none
  integer, intent(in) :: n, f
  integer, intent(inout) :: a(n)
  integer :: i
  include 'openacc_lib.h'
  call acc_copyin(a)
  !$acc parallel loop present(a) async(acc_async_noval)
  do i = 1, n
    a(i) = a(i) * f
  end do
  call acc_wait(acc_async_noval)
  call acc_copyout(a)
  print *, 'queue idle:', acc_async_test(acc_async_noval)
end subroutine scale

program openacc_lib_h
  implicit none
  include 'openacc_lib.h'
  integer :: a(10), i
  a = [(i, i = 1, 10)]
  call scale(a, 10, 3)
  print *, a
  print *, 'host devices:', acc_get_num_devices(acc_device_host)
  print *, 'version set:', openacc_version > 0
  print *, 'on host:', acc_on_device(acc_device_host), 'tests:', acc_async_test_all()
end program openacc_lib_h
