! flags: -fopenmp
! Scalars in the OpenMP device-address clauses: use_device_addr of a scalar and an array
! names their device copies; has_device_addr passes those addresses to a target region
! unmapped (on a device with separate memory the results reach the host only through the
! device copies); use_device_ptr of a scalar that is not a type(c_ptr) acts as
! use_device_addr, and is_device_ptr of such a dummy in a callee is read as
! has_device_addr (OpenMP 5.1). `associated(pointer=, target=)` with keywords, as the
! V&V suite's has_device_addr test writes it.
program device_addr_scalars
  implicit none
  integer :: s, v(5), i, total
  integer, target :: w(3)
  integer, pointer :: pw(:)
  s = 3
  v = [(i, i = 1, 5)]
  !$omp target data map(tofrom: s, v)
  !$omp target data use_device_addr(s, v)
  !$omp target has_device_addr(s, v)
  s = s * 7
  do i = 1, 5
    v(i) = v(i) + s
  end do
  !$omp end target
  !$omp end target data
  !$omp end target data
  print *, s, v
  total = 1
  call add_on_device(total, s)
  print *, total
  pw => w
  print *, associated(pw, target=w), associated(pointer=pw, target=w(1:2))
contains
  subroutine add_on_device(acc, val)
    integer :: acc
    integer, intent(in) :: val
    !$omp target data map(to: val) use_device_ptr(val)
    call add_from(acc, val)
    !$omp end target data
  end subroutine
  subroutine add_from(acc, val)
    integer :: acc
    integer, intent(in) :: val
    !$omp target is_device_ptr(val) map(tofrom: acc)
    acc = acc + val * 2
    !$omp end target
  end subroutine
end program
