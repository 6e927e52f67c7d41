! flags: -fopenmp
! `metadirective` and `begin metadirective ... end metadirective`, resolved where they are
! written: inside `target` the device selectors (`kind(nohost)`, `kind(gpu)`) match, on the
! host `kind(host)`; `construct`, `user={condition(...)}` constants, `default`/`otherwise`
! and `nothing`. gfortran 12 has no metadirective: its build (without `__GPUF__`) writes
! the chosen directives; `omp_get_device_num()` inside a target region.
program metadirective
  use omp_lib
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, dn, inpar
  a = 0
  b = 0
  c = 0
  inpar = 0
  !$omp target map(tofrom: a, b, dn)
#ifdef __GPUF__
  !$omp begin metadirective when(device={kind(host)}: nothing) &
  !$omp& when(device={kind(nohost)}, construct={target}: parallel do) default(nothing)
#else
  !$omp parallel do
#endif
  do i = 1, n
    a(i) = i * 2
  end do
#ifdef __GPUF__
  !$omp end metadirective
  !$omp metadirective when(user={condition(.false.)}: parallel do) otherwise(nothing)
#endif
  do i = 1, n
    b(i) = a(i) + 1
  end do
  dn = omp_get_device_num()
  !$omp end target
#ifdef __GPUF__
  !$omp metadirective when(device={kind(gpu)}: nothing) when(device={kind(host)}: &
  !$omp& parallel do reduction(+: inpar)) default(nothing)
#else
  !$omp parallel do reduction(+: inpar)
#endif
  do i = 1, n
    c(i) = b(i) - i
    inpar = inpar + 1
  end do
  print *, sum(a), sum(b), sum(c), inpar, dn
end program
